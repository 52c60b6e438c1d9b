import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { NetworkError } from '../../lib/api';
import { FormError } from './form-error';
import { Spinner } from './spinner';

interface QueryStatesProps<T> {
  query: UseQueryResult<T[]>;
  errorText: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** The list states of spec section 4: loading, error, empty, or filled. */
export function QueryStates<T>({ query, errorText, emptyText, children }: QueryStatesProps<T>) {
  if (query.isPending) return <Spinner label={de.common.loading} />;
  // A list already shown stays when only the connection failed (offline on site); other failures say so.
  if (query.isError && (query.data === undefined || !(query.error instanceof NetworkError))) return <FormError>{errorText}</FormError>;
  if (query.data.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  return <>{children(query.data)}</>;
}

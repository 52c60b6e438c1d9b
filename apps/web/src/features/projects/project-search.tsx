import { useId, type ReactNode } from 'react';
import { projectSortKeys, projectStatuses, projectStatusLabels, type PersonName, type ProjectSortKey, type ProjectStatus } from '@bauakte/domain/labels';
import type { ProjectSearchItem } from '@bauakte/domain/schemas';
import { PersonNameText } from '../../components/person-name';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import type { ProjectSearch } from './use-project-search';

const t = de.projects.search;

const isStatus = (value: string): value is ProjectStatus => (projectStatuses as readonly string[]).includes(value);
const isSortKey = (value: string): value is ProjectSortKey => (projectSortKeys as readonly string[]).includes(value);

/** The search field, the status filter and the sort order, shared by 'Alle Projekte' and the 'Projektübersicht'. */
export function ProjectSearchControls({ search }: { search: ProjectSearch }) {
  const id = useId();
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-48 flex-[2_1_12rem] flex-col gap-1">
        <Label htmlFor={`${id}-query`}>{t.query}</Label>
        <Input
          id={`${id}-query`}
          type="search"
          value={search.query}
          maxLength={200}
          placeholder={t.queryHint}
          aria-describedby={`${id}-count`}
          onChange={(event) => search.setQuery(event.target.value)}
        />
      </div>
      <div className="flex min-w-32 flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-status`}>{t.status}</Label>
        <NativeSelect id={`${id}-status`} value={search.status} onChange={(event) => search.setStatus(isStatus(event.target.value) ? event.target.value : '')}>
          <option value="">{t.allStatuses}</option>
          {projectStatuses.map((status) => (
            <option key={status} value={status}>
              {projectStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-36 flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-sort`}>{t.sort}</Label>
        <NativeSelect id={`${id}-sort`} value={search.sort} onChange={(event) => isSortKey(event.target.value) && search.setSort(event.target.value)}>
          {projectSortKeys.map((key) => (
            <option key={key} value={key}>
              {t.sortLabels[key]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p id={`${id}-count`} role="status" className="w-full text-xs text-muted-foreground">
        {search.results.isSuccess ? (search.total === 0 && search.narrowed ? t.noMatches : t.found(search.total)) : null}
      </p>
    </div>
  );
}

interface ResultsProps {
  search: ProjectSearch;
  /** Shown when the team has no project at all. */
  emptyText: string;
  errorText: string;
  children(items: ProjectSearchItem[]): ReactNode;
}

/** Loading, error, 'no projects', 'nothing found', or the rows so far with 'Mehr laden'. */
export function ProjectSearchResults({ search, emptyText, errorText, children }: ResultsProps) {
  const { results, items, total } = search;
  if (results.isPending) return <Spinner label={de.common.loading} />;
  if (results.isError && items.length === 0) return <FormError>{errorText}</FormError>;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{search.narrowed ? t.noMatches : emptyText}</p>;
  return (
    <div className="flex flex-col gap-3">
      {children(items)}
      {results.isFetchNextPageError ? <FormError>{errorText}</FormError> : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{t.shown(items.length, total)}</span>
        {results.hasNextPage ? (
          <Button size="sm" variant="outline" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
            {results.isFetchingNextPage ? t.loadingMore : t.loadMore}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A project's customer by name, the username on hover; the username also shows when two customers share a name. */
export function CustomerName({ customer, among }: { customer: PersonName | null; among: readonly ProjectSearchItem[] }) {
  if (!customer) return <>{de.projects.unassigned}</>;
  return <PersonNameText person={customer} among={among.flatMap((item) => (item.customer ? [item.customer] : []))} />;
}

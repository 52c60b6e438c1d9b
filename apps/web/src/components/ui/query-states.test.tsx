import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { QueryStates } from './query-states';

afterEach(cleanup);

const failedWith = (error: Error, data: string[] | undefined) => ({ isPending: false, isError: true, error, data }) as unknown as UseQueryResult<string[]>;

function renderList(query: UseQueryResult<string[]>) {
  render(
    <QueryStates query={query} errorText="Dateien konnten nicht geladen werden." emptyText="Noch keine Dateien vorhanden.">
      {(items) => <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('keeps a list already shown when only the connection failed', () => {
    renderList(failedWith(new NetworkError(new TypeError('Failed to fetch')), ['Grundriss EG']));
    expect(screen.getByText('Grundriss EG')).toBeDefined();
    expect(screen.queryByText('Dateien konnten nicht geladen werden.')).toBeNull();
  });

  it('says the list failed when there is nothing to show, or the server refused', () => {
    renderList(failedWith(new NetworkError(new TypeError('Failed to fetch')), undefined));
    expect(screen.getByText('Dateien konnten nicht geladen werden.')).toBeDefined();
    cleanup();
    renderList(failedWith(new ApiError(500, undefined, 'INTERNAL_ERROR'), ['Grundriss EG']));
    expect(screen.getByText('Dateien konnten nicht geladen werden.')).toBeDefined();
    expect(screen.queryByText('Grundriss EG')).toBeNull();
  });
});

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { availableArchitectsQuery, teamsQuery } from './admin-api';
import { adminKeys } from '../../lib/query-keys';

/** Spec section 8: a failed team or architect list is only logged. */
function useLogged(error: Error | null, text: string): void {
  useEffect(() => {
    if (error) console.error(text, error);
  }, [error, text]);
}

export function useTeams() {
  const result = useQuery(teamsQuery);
  useLogged(result.error, de.admin.teamsLoadFailed);
  return result;
}

export function useAvailableArchitects() {
  const result = useQuery(availableArchitectsQuery);
  useLogged(result.error, de.admin.architectsLoadFailed);
  return result;
}

/** After any change every admin list reloads: teams, architects and the user overview. */
export function useRefreshAdminLists(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

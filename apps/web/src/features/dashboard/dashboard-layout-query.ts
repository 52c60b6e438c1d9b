import type { DashboardName } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { dashboardLayoutKeys } from '../../lib/query-keys';
import type { CardPlace } from './dashboard-layout';

/** A dashboard's card layout as a query: the grid reads it, a start on the dashboard asks for it early. */
export const layoutQuery = (dashboard: DashboardName) => ({ queryKey: dashboardLayoutKeys.of(dashboard), queryFn: () => fetchLayout(dashboard) });

/** The caller's own card layout of this dashboard; empty when never saved. */
export function fetchLayout(dashboard: DashboardName): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`);
}

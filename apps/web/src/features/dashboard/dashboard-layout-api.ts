import type { DashboardName } from '@bauakte/domain';
import { apiRequest } from '../../lib/api';
import type { CardLayout, CardPlace } from './dashboard-layout';

export const layoutKey = (dashboard: DashboardName) => ['dashboardLayout', dashboard] as const;

/** The caller's own card layout of this dashboard; empty when never saved. */
export function fetchLayout(dashboard: DashboardName): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`);
}

export function saveLayout(dashboard: DashboardName, layout: CardLayout): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`, { method: 'PUT', body: layout });
}

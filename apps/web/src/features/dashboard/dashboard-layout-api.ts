import type { DashboardName } from '@bauakte/domain';
import { apiRequest } from '../../lib/api';
import { toPlace, type CardLayout, type CardPlace } from './dashboard-layout';

export const layoutKey = (dashboard: DashboardName) => ['dashboardLayout', dashboard] as const;

/** The caller's own card layout of this dashboard; empty when never saved. */
export function fetchLayout(dashboard: DashboardName): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`);
}

/** Sends the five stored fields of each card only: the grid's items carry more, which the server refuses. */
export function saveLayout(dashboard: DashboardName, layout: CardLayout): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`, { method: 'PUT', body: layout.map(toPlace) });
}

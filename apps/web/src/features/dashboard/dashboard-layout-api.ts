import type { DashboardName } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { toPlace, type CardLayout, type CardPlace } from './dashboard-layout';

// Reading lives apart (dashboard-layout-query.ts): the app asks for the layout at start, without the grid's code.

/** Sends the five stored fields of each card only: the grid's items carry more, which the server refuses. */
export function saveLayout(dashboard: DashboardName, layout: CardLayout): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`, { method: 'PUT', body: layout.map(toPlace) });
}

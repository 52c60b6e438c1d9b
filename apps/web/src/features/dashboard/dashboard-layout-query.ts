import type { DashboardName } from '@bauakte/domain';
import { apiRequest } from '../../lib/api';
import type { CardPlace } from './dashboard-layout';

/** The caller's own card layout of this dashboard; empty when never saved. */
export function fetchLayout(dashboard: DashboardName): Promise<CardPlace[]> {
  return apiRequest<CardPlace[]>(`/dashboardLayout/${dashboard}`);
}

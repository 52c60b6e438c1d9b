import type { OpenItemCount, OwnOpenItem } from '@bauakte/domain/schemas';
import { apiRequest } from '../../../lib/api';

// The dashboards' reads of items across the user's projects, apart from pins-api.ts: a dashboard's
// start takes this module along, and the plan viewer's chunk would otherwise take the dashboards'
// own code (their grid) along with pins-api.ts.

/** Per project the user sees: its items not done and how many are overdue. */
export const fetchOpenItemCounts = (): Promise<OpenItemCount[]> => apiRequest<OpenItemCount[]>('/s3/open-items/summary');

/** The items the user is responsible for and has not done, in every project. */
export const fetchOwnOpenItems = (): Promise<OwnOpenItem[]> => apiRequest<OwnOpenItem[]>('/s3/open-items/mine');

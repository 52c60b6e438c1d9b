import type { CreatePinRequest, Pin, UpdatePinRequest } from '@bauakte/domain/schemas';
import { apiRequest } from '../../../lib/api';

const pinsPath = (projectId: string, fileId: number) => `/s3/project/${encodeURIComponent(projectId)}/files/${fileId}/pins`;

/** The pins on one file (a plan's version), numbered in the order they were placed. */
export const fetchPins = (projectId: string, fileId: number): Promise<Pin[]> => apiRequest<Pin[]>(pinsPath(projectId, fileId));

export const createPin = (projectId: string, fileId: number, pin: CreatePinRequest): Promise<Pin> =>
  apiRequest<Pin>(pinsPath(projectId, fileId), { method: 'POST', body: pin });

/** Only the pin's author may; answers 409 with the pin as it is now when it changed meanwhile. */
export const updatePin = (pinId: number, change: UpdatePinRequest): Promise<Pin> => apiRequest<Pin>(`/s3/pins/${pinId}`, { method: 'PUT', body: change });

export const deletePin = (pinId: number): Promise<void> => apiRequest<void>(`/s3/pins/${pinId}`, { method: 'DELETE' });

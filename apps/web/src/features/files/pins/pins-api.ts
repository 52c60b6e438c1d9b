import type { CarryPinsRequest, CarryPinsResponse, CreatePinRequest, Pin, PinAssignee, PinItemRequest, PinReplyRequest, PinStatusRequest, UpdatePinRequest } from '@bauakte/domain/schemas';
import { documentTypeOfFileName } from '@bauakte/domain/labels';
import { apiDownload, apiRequest } from '../../../lib/api';
import { uploadProjectFile, type UploadOptions } from '../../../platform/uploads/upload-request';
import { pageParams } from '../../../lib/use-load-more';
import type { ItemPhoto, OpenItem } from '@bauakte/domain/schemas';

const pinsPath = (projectId: string, fileId: number) => `/s3/project/${encodeURIComponent(projectId)}/files/${fileId}/pins`;

/** The pins on one file (a plan's version), numbered in the order they were placed. */
export const fetchPins = (projectId: string, fileId: number): Promise<Pin[]> => apiRequest<Pin[]>(pinsPath(projectId, fileId));

export const createPin = (projectId: string, fileId: number, pin: CreatePinRequest): Promise<Pin> =>
  apiRequest<Pin>(pinsPath(projectId, fileId), { method: 'POST', body: pin });

/** The previous version's items carried to this (the current) version: the named ones, or every one not done; those carried before are skipped. */
export const carryPins = (projectId: string, fileId: number, request: CarryPinsRequest): Promise<CarryPinsResponse> =>
  apiRequest<CarryPinsResponse>(`${pinsPath(projectId, fileId)}/carry-over`, { method: 'POST', body: request });

/** Only the pin's author may; answers 409 with the pin as it is now when it changed meanwhile. */
export const updatePin = (pinId: number, change: UpdatePinRequest): Promise<Pin> => apiRequest<Pin>(`/s3/pins/${pinId}`, { method: 'PUT', body: change });

/** With the version it was chosen on (a deletion kept offline), a pin changed meanwhile answers 409 instead of going. */
export const deletePin = (pinId: number, version?: number): Promise<void> =>
  apiRequest<void>(`/s3/pins/${pinId}${version === undefined ? '' : `?version=${version}`}`, { method: 'DELETE' });

/** The responsible person or an architect; answers 409 with the pin as it is now when it changed meanwhile. */
export const setPinStatus = (pinId: number, change: PinStatusRequest): Promise<Pin> => apiRequest<Pin>(`/s3/pins/${pinId}/status`, { method: 'PUT', body: change });

/** The project's architects: kind, responsible person and due date. */
export const setPinItem = (pinId: number, change: PinItemRequest): Promise<Pin> => apiRequest<Pin>(`/s3/pins/${pinId}/item`, { method: 'PUT', body: change });

/** Whom the project's items may be assigned to: its client and its architects. */
export const fetchAssignees = (projectId: string): Promise<PinAssignee[]> => apiRequest<PinAssignee[]>(`/s3/project/${encodeURIComponent(projectId)}/assignees`);

/** Items per page of 'Offene Punkte': a phone's screenful or two, the next with 'Mehr laden'. */
export const openItemsPageSize = 50;

/** A page of the project's items ('Offene Punkte'), filtered by the query's parameters, by due date (none last), then the follow-ups. */
export const fetchOpenItems = (projectId: string, filter: Readonly<Record<string, string>>, page = 1): Promise<OpenItem[]> => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== '')).toString();
  return apiRequest<OpenItem[]>(`/s3/project/${encodeURIComponent(projectId)}/open-items?${query ? `${query}&` : ''}${pageParams(page, openItemsPageSize)}`);
};

/** 'Offene Punkte als PDF': the items the list's filters choose, as a PDF the server names. */
export const downloadOpenItemsPdf = async (projectId: string, filter: Readonly<Record<string, string>>): Promise<{ blob: Blob; fileName: string }> => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== '')).toString();
  const file = await apiDownload(`/export/open-items/${encodeURIComponent(projectId)}${query ? `?${query}` : ''}`);
  return { blob: file.blob, fileName: file.fileName ?? `offene_punkte_${projectId}.pdf` };
};

/**
 * A photo of a pin or a reply: a file of the project, titled after the pin, typed by its name;
 * answers its id. Once the item holds it, it is the item's, never among the plans.
 */
export async function uploadItemPhoto(projectId: string, photo: File, title: string, options?: UploadOptions): Promise<number> {
  const documentType = documentTypeOfFileName(photo.name) ?? 'JPG';
  return (await uploadProjectFile({ projectId, fileName: title, comment: '', documentType, file: photo }, options)).id;
}

/** A reply under an item, by anyone who sees it. */
export const replyToPin = (pinId: number, reply: PinReplyRequest): Promise<Pin> => apiRequest<Pin>(`/s3/pins/${pinId}/replies`, { method: 'POST', body: reply });

/** The photos of the project's items, each with its item and plan ('Fotos'); the plans list leaves them out. */
export const fetchItemPhotos = (projectId: string): Promise<ItemPhoto[]> => apiRequest<ItemPhoto[]>(`/s3/project/${encodeURIComponent(projectId)}/item-photos`);

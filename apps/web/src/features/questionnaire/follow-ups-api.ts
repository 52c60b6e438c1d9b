import type { AnswerFollowUpRequest, CreateFollowUpRequest, FollowUp } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { pinKeys } from '../../lib/query-keys';

const followUpsPath = (projectId: string) => `/questionnaire/${encodeURIComponent(projectId)}/follow-ups`;

/** The project's follow-ups on answers ('Rückfrage'), oldest first, open and answered. */
export const followUpsQuery = (projectId: string) => ({
  queryKey: pinKeys.followUps(projectId),
  queryFn: () => apiRequest<FollowUp[]>(followUpsPath(projectId)),
});

/** An architect asks about one answer; the client is responsible for it. */
export const raiseFollowUp = (projectId: string, request: CreateFollowUpRequest): Promise<FollowUp> =>
  apiRequest<FollowUp>(followUpsPath(projectId), { method: 'POST', body: request });

/** The client answers, which closes it; 409 when it changed or was answered meanwhile. */
export const answerFollowUp = (projectId: string, followUpId: number, request: AnswerFollowUpRequest): Promise<FollowUp> =>
  apiRequest<FollowUp>(`${followUpsPath(projectId)}/${followUpId}/answer`, { method: 'POST', body: request });

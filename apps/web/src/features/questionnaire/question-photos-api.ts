import type { QuestionPhoto } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { fileKeys } from '../../lib/query-keys';

/** The photos' links are signed for 15 minutes: read again after 10, and on return once 5 minutes old (as the plans list). */
const linkRefresh = { refetchIntervalMs: 10 * 60_000, staleTimeMs: 5 * 60_000 } as const;

export const questionPhotosQuery = (projectId: string) => ({
  queryKey: fileKeys.questionPhotos(projectId),
  queryFn: () => apiRequest<QuestionPhoto[]>(`/s3/project/${encodeURIComponent(projectId)}/question-photos`),
  staleTime: linkRefresh.staleTimeMs,
  refetchInterval: linkRefresh.refetchIntervalMs,
});

export function removeQuestionPhoto(photo: QuestionPhoto): Promise<void> {
  return apiRequest<void>(`/s3/question-photos/${photo.file.id}`, { method: 'DELETE' });
}

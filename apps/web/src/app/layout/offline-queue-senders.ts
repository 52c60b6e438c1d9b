import type { QueryClient } from '@tanstack/react-query';
import { documentTypeOfFileName } from '@bauakte/domain/labels';
import { errorText } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { chatKeys, fileKeys, pinKeys, projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { postMessage } from '../../features/chat/chat-api';
import { uploadProjectFile } from '../../features/files/upload-request';
import { createPin } from '../../features/files/pins/pins-api';
import { conflictOfSave, saveStepAnswers } from '../../features/questionnaire/questionnaire-api';
import type { QueueDelivery } from '../../platform/offline/queue-provider';
import type { QueueSenders } from '../../platform/offline/queue-sync';
import type { QueuePayload } from '../../platform/offline/queue-store';

/** The error texts of each kind of change, as the page that makes it shows them. */
const contexts = { step: errorContexts.saveAnswers, chat: errorContexts.sendMessage, upload: errorContexts.upload, pin: errorContexts.savePin } as const;

type PinPayload = Extract<QueuePayload, { kind: 'pin' }>;

/**
 * A pin placed without a connection: its photo first, as the pin form uploads it, then the pin with
 * the photo's id. Once the photo is on the server the item keeps only its id, so a retry after a lost
 * connection does not upload it twice.
 */
async function sendPin(payload: PinPayload, onProgress: (share: number | null) => void, keepRest: (rest: QueuePayload) => Promise<void>): Promise<void> {
  let { photoFileId } = payload;
  const { projectId, fileId, page, x, y, comment, photo } = payload;
  if (photo) {
    const file = new File([photo.file], photo.name, { type: photo.file.type });
    const documentType = documentTypeOfFileName(photo.name) ?? 'JPG';
    const stored = await uploadProjectFile({ projectId, fileName: photo.title, comment: '', documentType, file }, { onProgress });
    photoFileId = stored.id;
    await keepRest({ ...payload, photo: null, photoFileId });
  }
  await createPin(projectId, fileId, { page, x, y, comment, photoFileId });
}

/** Sends a queued change through the same request its page uses. */
export function queueSenders(username: string): QueueSenders {
  return {
    async send(payload, onProgress, keepRest) {
      if (payload.kind === 'step') {
        await saveStepAnswers(payload.step, payload.projectId, payload.patch, payload.baseVersion);
        return;
      }
      if (payload.kind === 'chat') {
        await postMessage({ message: payload.message, senderUsername: username, receiverUsername: payload.receiverUsername, chatId: payload.chatId, isRead: false });
        return;
      }
      if (payload.kind === 'pin') {
        await sendPin(payload, onProgress, keepRest);
        return;
      }
      const file = new File([payload.file], payload.originalName, { type: payload.file.type });
      const { projectId, fileName, comment, documentType, replaces } = payload;
      await uploadProjectFile({ projectId, fileName, comment, documentType, file, ...(replaces === undefined ? {} : { replaces }) }, { onProgress });
    },
    conflictOf: conflictOfSave,
    reasonOf: (error, payload) => errorText(error, contexts[payload.kind]),
  };
}

/** The queries that show what a change made, by its kind. */
function keysAfterSent(payload: QueuePayload): readonly (readonly unknown[])[] {
  if (payload.kind === 'step') return [questionnaireKeys.step(payload.projectId, payload.step), questionnaireKeys.record(payload.projectId), projectKeys.all];
  if (payload.kind === 'chat') return [chatKeys.all];
  // A pin's photo is a file of the project too; the pin is an entry of the 'Änderungsverlauf'.
  if (payload.kind === 'pin') return [pinKeys.file(payload.projectId, payload.fileId), fileKeys.list(payload.projectId), projectKeys.changes(payload.projectId)];
  return [fileKeys.list(payload.projectId), projectKeys.all];
}

/** After a change reached the server, its pages show the server's state. */
export function invalidateAfterSent(queryClient: QueryClient, payload: QueuePayload): void {
  const keys = keysAfterSent(payload);
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** What the shell hands the queue: the features' requests and refreshes. */
export const offlineQueueDelivery: QueueDelivery = { senders: queueSenders, afterSent: invalidateAfterSent };

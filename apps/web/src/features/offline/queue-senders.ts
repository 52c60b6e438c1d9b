import type { QueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { chatKeys, fileKeys, projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { postMessage } from '../chat/chat-api';
import { uploadProjectFile } from '../files/upload-request';
import { conflictOfSave, saveStepAnswers } from '../questionnaire/questionnaire-api';
import type { QueueSenders } from './queue-sync';
import type { QueuePayload } from './queue-store';

/** The error texts of each kind of change, as the page that makes it shows them. */
const contexts = { step: errorContexts.saveAnswers, chat: errorContexts.sendMessage, upload: errorContexts.upload } as const;

/** Sends a queued change through the same request its page uses. */
export function queueSenders(username: string): QueueSenders {
  return {
    async send(payload, onProgress) {
      if (payload.kind === 'step') {
        await saveStepAnswers(payload.step, payload.projectId, payload.patch, payload.baseVersion);
        return;
      }
      if (payload.kind === 'chat') {
        await postMessage({ message: payload.message, senderUsername: username, receiverUsername: payload.receiverUsername, chatId: payload.chatId, isRead: false });
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

/** After a change reached the server, its pages show the server's state. */
export function invalidateAfterSent(queryClient: QueryClient, payload: QueuePayload): void {
  const keys =
    payload.kind === 'step'
      ? [questionnaireKeys.step(payload.projectId, payload.step), questionnaireKeys.record(payload.projectId), projectKeys.all]
      : payload.kind === 'chat'
        ? [chatKeys.all]
        : [fileKeys.list(payload.projectId), projectKeys.all];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

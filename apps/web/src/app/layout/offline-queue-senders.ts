import type { QueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { chatKeys, fileKeys, pinKeys, projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { postMessage } from '../../features/chat/chat-api';
import { uploadProjectFile } from '../../platform/uploads/upload-request';
import { createPin, deletePin, replyToPin, setPinItem, setPinStatus, updatePin, uploadItemPhoto } from '../../features/files/pins/pins-api';
import { ApiError } from '../../lib/api';
import { conflictOfSave, saveStepAnswers } from '../../features/questionnaire/questionnaire-api';
import type { QueueDelivery } from '../../platform/offline/queue-provider';
import type { QueueSenders } from '../../platform/offline/queue-sync';
import type { QueuedPhoto, QueuePayload } from '../../platform/offline/queue-store';

/** The error texts of each kind of change, as the page that makes it shows them. */
const contexts = {
  step: errorContexts.saveAnswers,
  chat: errorContexts.sendMessage,
  upload: errorContexts.upload,
  pin: errorContexts.savePin,
  pinReply: errorContexts.sendPinReply,
  pinStatus: errorContexts.savePinStatus,
  pinItem: errorContexts.savePinItemKept,
  pinUpdate: errorContexts.savePinKept,
  pinDelete: errorContexts.deletePinKept,
} as const;

type PinPayload = Extract<QueuePayload, { kind: 'pin' }>;
type ReplyPayload = Extract<QueuePayload, { kind: 'pinReply' }>;
type Progress = (share: number | null) => void;
type KeepRest = (rest: QueuePayload) => Promise<void>;

/** A photo kept on the device, uploaded as the pin and reply forms upload one: a file of the project under its title. */
const uploadQueuedPhoto = (projectId: string, photo: QueuedPhoto, onProgress: Progress): Promise<number> =>
  uploadItemPhoto(projectId, new File([photo.file], photo.name, { type: photo.file.type }), photo.title, { onProgress });

/**
 * A pin placed without a connection: its photo first, as the pin form uploads it, then the pin with
 * the photo's id. Once the photo is on the server the item keeps only its id, so a retry after a lost
 * connection does not upload it twice.
 */
async function sendPin(payload: PinPayload, onProgress: Progress, keepRest: KeepRest): Promise<void> {
  let { photoFileId } = payload;
  const { projectId, fileId, page, x, y, comment, photo, itemKind } = payload;
  if (photo) {
    photoFileId = await uploadQueuedPhoto(projectId, photo, onProgress);
    await keepRest({ ...payload, photo: null, photoFileId });
  }
  await createPin(projectId, fileId, { page, x, y, comment, photoFileId, ...(itemKind ? { kind: itemKind } : {}) });
}

/**
 * A reply written without a connection: its photos first, one after another as the reply form
 * uploads them, then the reply with their ids in the order chosen. After each photo the item keeps
 * its id instead of its bytes, so a retry after a lost connection uploads none twice. The progress
 * is that of all its photos together.
 */
async function sendPinReply(payload: ReplyPayload, onProgress: Progress, keepRest: KeepRest): Promise<void> {
  const ids = [...(payload.photoFileIds ?? [])];
  const photos = payload.photos ?? [];
  const count = ids.length + photos.length;
  for (const [index, photo] of photos.entries()) {
    const done = ids.length;
    ids.push(await uploadQueuedPhoto(payload.projectId, photo, (share) => onProgress(share === null ? null : (done + share) / count)));
    await keepRest({ ...payload, photos: photos.slice(index + 1), photoFileIds: [...ids] });
  }
  await replyToPin(payload.pinId, { text: payload.text, ...(ids.length > 0 ? { photoFileIds: ids } : {}) });
}

/** A deletion kept offline, with the version it was chosen on; a pin gone already (deleted on another device) counts as deleted. */
async function sendPinDelete(pinId: number, version: number): Promise<void> {
  try {
    await deletePin(pinId, version);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** Changes of one pin that carry its version: after one of them, the next was made on the version that one started from. */
const versionedKinds: readonly QueuePayload['kind'][] = ['pinStatus', 'pinItem', 'pinUpdate', 'pinDelete'];
type VersionedPayload = Extract<QueuePayload, { kind: 'pinStatus' | 'pinItem' | 'pinUpdate' | 'pinDelete' }>;
const isVersioned = (payload: QueuePayload): payload is VersionedPayload => versionedKinds.includes(payload.kind);
const versionOf = (answer: unknown): number | undefined =>
  typeof answer === 'object' && answer !== null && typeof (answer as { version?: unknown }).version === 'number' ? (answer as { version: number }).version : undefined;

/**
 * A pin moved and then set 'Erledigt' offline: both were made on the version the page showed, and the
 * first one sent makes it the next. The later one follows to that version, as it builds on the first;
 * one made on another version (the pin changed meanwhile) is left, and its 409 stands.
 */
export function rebasePinChange(sent: QueuePayload, answer: unknown, later: QueuePayload): QueuePayload | undefined {
  if (!isVersioned(sent) || !isVersioned(later) || later.pinId !== sent.pinId || later.version !== sent.version) return undefined;
  const version = versionOf(answer);
  return version === undefined ? undefined : { ...later, version };
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
      if (payload.kind === 'pinReply') {
        await sendPinReply(payload, onProgress, keepRest);
        return;
      }
      if (payload.kind === 'pinStatus') {
        // With the version it was chosen on: a pin changed meanwhile answers 409, and the change is refused with that reason.
        return setPinStatus(payload.pinId, { status: payload.status, version: payload.version });
      }
      if (payload.kind === 'pinItem') {
        // Kind, responsible person and due date with the version they were chosen on: changed meanwhile, 409 and refused.
        const { pinId, itemKind, responsible, dueDate, version } = payload;
        return setPinItem(pinId, { kind: itemKind, responsible: responsible?.username ?? null, dueDate, version });
      }
      if (payload.kind === 'pinUpdate') {
        // The whole pin as the author left it, with its version: changed meanwhile, 409 and refused, nothing overwritten.
        const { pinId, x, y, comment, photoFileId, version } = payload;
        return updatePin(pinId, { x, y, comment, photoFileId, version });
      }
      if (payload.kind === 'pinDelete') {
        await sendPinDelete(payload.pinId, payload.version);
        return;
      }
      const file = new File([payload.file], payload.originalName, { type: payload.file.type });
      const { projectId, fileName, comment, documentType, replaces, question } = payload;
      await uploadProjectFile(
        { projectId, fileName, comment, documentType, file, ...(replaces === undefined ? {} : { replaces }), ...(question === undefined ? {} : { question }) },
        { onProgress },
      );
    },
    rebase: rebasePinChange,
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
  // A reply's photos are files of the project and among the items' photos ('Fotos').
  if (payload.kind === 'pinReply') return [pinKeys.file(payload.projectId, payload.fileId), pinKeys.openItems(payload.projectId), pinKeys.photos(payload.projectId), fileKeys.list(payload.projectId)];
  if (payload.kind === 'pinStatus' || payload.kind === 'pinItem' || payload.kind === 'pinUpdate' || payload.kind === 'pinDelete') return [pinKeys.file(payload.projectId, payload.fileId), pinKeys.openItems(payload.projectId)];
  // A photo to a question shows beside its question.
  if (payload.question !== undefined) return [fileKeys.questionPhotos(payload.projectId), projectKeys.all];
  return [fileKeys.list(payload.projectId), projectKeys.all];
}

/** After a change reached the server, its pages show the server's state. */
export function invalidateAfterSent(queryClient: QueryClient, payload: QueuePayload): void {
  const keys = keysAfterSent(payload);
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** What the shell hands the queue: the features' requests and refreshes. */
export const offlineQueueDelivery: QueueDelivery = { senders: queueSenders, afterSent: invalidateAfterSent };

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { questionnaireSteps, type DocumentType, type QuestionnaireStep } from '@bauakte/domain/labels';
import type { QuestionnaireConflict } from '@bauakte/domain/schemas';

/** What a queued change does, with what the request needs to be sent later. */
export type QueuePayload =
  | {
      kind: 'step';
      projectId: string;
      step: QuestionnaireStep;
      /** The answers changed since the version below, as the step page would have sent them. */
      patch: Record<string, unknown>;
      /** The version the edit was based on (If-Match): a step changed meanwhile is not overwritten. */
      baseVersion: string | undefined;
    }
  | { kind: 'chat'; chatId: number; receiverUsername: string; message: string }
  | {
      kind: 'upload';
      projectId: string;
      fileName: string;
      comment: string;
      documentType: DocumentType;
      replaces?: number;
      /** The photo or plan itself: IndexedDB keeps a Blob as it is. */
      file: Blob;
      originalName: string;
    }
  | {
      kind: 'pin';
      projectId: string;
      fileId: number;
      /** The plan's title, for the list of waiting changes. */
      planName: string;
      page: number;
      x: number;
      y: number;
      comment: string;
      /** A photo of the spot still to be uploaded (titled as the pin form titles it), kept as a Blob. */
      photo: { file: Blob; name: string; title: string } | null;
      /** The photo once it reached the server: a retry after it creates the pin only, not a second photo. */
      photoFileId: number | null;
    };

export type QueueKind = QueuePayload['kind'];

/**
 * waiting: to be sent; sending: on its way (back to waiting if the page closes meanwhile);
 * refused: the server said no, with its reason; conflict: a step someone else changed meanwhile.
 */
export type QueueStatus = 'waiting' | 'sending' | 'refused' | 'conflict';

export interface QueueItem {
  id: number;
  /** Lower-case username, the index the user's items are read by. */
  user: string;
  /**
   * The account's id from the session the item was made in: only a session of this account sends it
   * or sees it, also when an account of the same name is made again later.
   */
  userId: number;
  createdAt: string;
  status: QueueStatus;
  /** The server's German reason of a refusal. */
  reason?: string;
  /** What a conflicting step meets on the server, for the step page's conflict dialog. */
  conflict?: QuestionnaireConflict;
  /** The size the item takes on the device, for the queue's bound. */
  bytes: number;
  payload: QueuePayload;
}

/**
 * Bounds of what waits on the device: one file as large as the server takes at most by default, and
 * all of one user's items together.
 */
export const queueLimits = {
  fileBytes: 100 * 1024 * 1024,
  totalBytes: 250 * 1024 * 1024,
};

/** The queue cannot take the item: the file or the queue as a whole would be over its bound. */
export class QueueFullError extends Error {
  constructor(readonly reason: 'file' | 'total') {
    super(`queue full (${reason})`);
    this.name = 'QueueFullError';
  }
}

interface QueueSchema extends DBSchema {
  items: { key: number; value: QueueItem; indexes: { user: string } };
}

type NewItem = Omit<QueueItem, 'id'>;

/** Whose queue: the logged-in user, by their name and their account's id (both from the session). */
export interface QueueOwner {
  username: string;
  userId: number;
}

const userKey = (username: string) => username.toLowerCase();

/** The item was made by this owner (not merely by someone of the same name). */
export const belongsTo = (item: QueueItem, owner: QueueOwner): boolean => item.user === userKey(owner.username) && item.userId === owner.userId;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBlob = (value: unknown): value is Blob => isRecord(value) && typeof value.size === 'number' && typeof value.slice === 'function';
const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const stepNames: readonly string[] = questionnaireSteps;
const statuses: readonly string[] = ['waiting', 'sending', 'refused', 'conflict'];

const payloadChecks: Record<QueueKind, (payload: Record<string, unknown>) => boolean> = {
  step: (p) => isText(p.projectId) && isText(p.step) && stepNames.includes(p.step) && isRecord(p.patch) && (p.baseVersion === undefined || isText(p.baseVersion)),
  chat: (p) => isNumber(p.chatId) && isText(p.receiverUsername) && isText(p.message),
  upload: (p) =>
    isText(p.projectId) && isText(p.fileName) && isText(p.comment) && isText(p.documentType) && isBlob(p.file) && isText(p.originalName) && (p.replaces === undefined || isNumber(p.replaces)),
  pin: (p) =>
    isText(p.projectId) &&
    isNumber(p.fileId) &&
    isText(p.planName) &&
    isNumber(p.page) &&
    isNumber(p.x) &&
    isNumber(p.y) &&
    isText(p.comment) &&
    (p.photo === null || (isRecord(p.photo) && isBlob(p.photo.file) && isText(p.photo.name) && isText(p.photo.title))) &&
    (p.photoFileId === null || isNumber(p.photoFileId)),
};

/**
 * Whether an item read from the device can be sent as it is: the database is the browser's, open to
 * whatever else runs in it, so an item is checked before its data goes into a request.
 */
export function isWellFormed(item: QueueItem): boolean {
  const record: unknown = item;
  if (!isRecord(record) || !isNumber(record.userId) || !isText(record.createdAt) || !isText(record.status) || !statuses.includes(record.status)) return false;
  const payload = record.payload;
  if (!isRecord(payload) || !isText(payload.kind) || !Object.hasOwn(payloadChecks, payload.kind)) return false;
  return payloadChecks[payload.kind as QueueKind](payload);
}

/** The bytes an item takes: its file or photo, and its JSON's length. */
function bytesOf(payload: QueuePayload): number {
  if (payload.kind === 'upload') return payload.file.size + JSON.stringify({ ...payload, file: undefined }).length;
  if (payload.kind === 'pin' && payload.photo) return payload.photo.file.size + JSON.stringify({ ...payload, photo: { ...payload.photo, file: undefined } }).length;
  return JSON.stringify(payload).length;
}

const isSameStep = (payload: QueuePayload | undefined, projectId: string, step: QuestionnaireStep) =>
  payload?.kind === 'step' && payload.projectId === projectId && payload.step === step;

export interface QueueStore {
  /**
   * One user's items in the order they were made: those of their account, and those under their name
   * that are not well-formed (shown to be discarded, never sent); none of another account.
   */
  list(owner: QueueOwner): Promise<QueueItem[]>;
  /** Appends an item (status waiting); refuses with QueueFullError past a bound. */
  add(owner: QueueOwner, payload: QueuePayload): Promise<QueueItem>;
  /**
   * A step's queued save: replaces the one already waiting for the same step (keeping its place),
   * since the step page sends everything changed since the base version, or appends one.
   */
  putStep(owner: QueueOwner, payload: Extract<QueuePayload, { kind: 'step' }>): Promise<QueueItem>;
  update(id: number, change: Partial<Pick<QueueItem, 'status' | 'reason' | 'conflict'>>): Promise<void>;
  /** A part of the item reached the server (a pin's photo): what is left to send, with its smaller size. */
  replacePayload(id: number, payload: QueuePayload): Promise<void>;
  remove(id: number): Promise<void>;
  /** Removes all items under one user's name (logout). */
  clear(username: string): Promise<void>;
  close(): void;
}

/** Opens the queue's database; the name is the test's to choose. */
export async function openQueueStore(name = 'bauakte-queue'): Promise<QueueStore> {
  const db: IDBPDatabase<QueueSchema> = await openDB<QueueSchema>(name, 1, {
    upgrade(database) {
      const items = database.createObjectStore('items', { keyPath: 'id', autoIncrement: true });
      items.createIndex('user', 'user');
    },
  });

  // Keys grow, so the index's order (by key within one user) is the order the items were made.
  const list = async (owner: QueueOwner) =>
    (await db.getAllFromIndex('items', 'user', userKey(owner.username))).filter((item) => belongsTo(item, owner) || !isWellFormed(item));

  async function checkRoom(owner: QueueOwner, bytes: number, replacing?: QueueItem): Promise<void> {
    if (bytes > queueLimits.fileBytes) throw new QueueFullError('file');
    const used = (await list(owner)).reduce((sum, item) => sum + (item.id === replacing?.id || !Number.isFinite(item.bytes) ? 0 : item.bytes), 0);
    if (used + bytes > queueLimits.totalBytes) throw new QueueFullError('total');
  }

  async function add(owner: QueueOwner, payload: QueuePayload): Promise<QueueItem> {
    const bytes = bytesOf(payload);
    await checkRoom(owner, bytes);
    const item: NewItem = { user: userKey(owner.username), userId: owner.userId, createdAt: new Date().toISOString(), status: 'waiting', bytes, payload };
    const id = await db.add('items', item as QueueItem);
    return { ...item, id };
  }

  async function putStep(owner: QueueOwner, payload: Extract<QueuePayload, { kind: 'step' }>): Promise<QueueItem> {
    const existing = (await list(owner)).find((item) => belongsTo(item, owner) && isSameStep(item.payload, payload.projectId, payload.step));
    if (!existing) return add(owner, payload);
    const bytes = bytesOf(payload);
    await checkRoom(owner, bytes, existing);
    const item: QueueItem = { id: existing.id, user: existing.user, userId: existing.userId, createdAt: new Date().toISOString(), status: 'waiting', bytes, payload };
    await db.put('items', item);
    return item;
  }

  async function update(id: number, change: Partial<Pick<QueueItem, 'status' | 'reason' | 'conflict'>>): Promise<void> {
    const tx = db.transaction('items', 'readwrite');
    const item = await tx.store.get(id);
    if (item) await tx.store.put({ ...item, ...change });
    await tx.done;
  }

  async function replacePayload(id: number, payload: QueuePayload): Promise<void> {
    const tx = db.transaction('items', 'readwrite');
    const item = await tx.store.get(id);
    if (item) await tx.store.put({ ...item, payload, bytes: bytesOf(payload) });
    await tx.done;
  }

  async function clear(username: string): Promise<void> {
    const tx = db.transaction('items', 'readwrite');
    let cursor = await tx.store.index('user').openCursor(userKey(username));
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  return { list, add, putStep, update, replacePayload, remove: (id) => db.delete('items', id), clear, close: () => db.close() };
}

/** The step item of one project's step among a user's items. */
export function queuedStep(items: readonly QueueItem[] | undefined, projectId: string, step: QuestionnaireStep): QueueItem | undefined {
  return items?.find((item) => isSameStep(item.payload, projectId, step));
}

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { itemPhotosMax, pinKinds, pinStatuses, questionnaireSteps, type DocumentType, type PinKind, type PinStatus, type QuestionnaireStep } from '@bauakte/domain/labels';
import type { Pin, QuestionnaireConflict } from '@bauakte/domain/schemas';
import { openBytes, openJson, sealBytes, sealJson, type Sealed } from './device-crypto';

/** A photo still to be uploaded, kept as a Blob, with its file name and the title it is stored under. */
export interface QueuedPhoto {
  file: Blob;
  name: string;
  title: string;
}

/** Whom an item is assigned to, with the name the pin shows while the change waits. */
export type QueuedPerson = NonNullable<Pin['responsible']>;

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
      /** A photo to a question of the questionnaire: the question's key. */
      question?: string;
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
      /** The item's kind as its author chose it ('Mangel', 'Rückfrage' …); left out, the server takes 'Information'. */
      itemKind?: PinKind;
      /** A photo of the spot still to be uploaded (titled as the pin form titles it), kept as a Blob. */
      photo: QueuedPhoto | null;
      /** The photo once it reached the server: a retry after it creates the pin only, not a second photo. */
      photoFileId: number | null;
    }
  /**
   * A reply under an item, with its plan and number for the list of waiting changes, and its photos:
   * those still to be uploaded as Blobs, those already on the server by their ids (a retry after a
   * lost connection uploads none twice). Both absent on a reply queued before replies took photos.
   */
  | {
      kind: 'pinReply';
      projectId: string;
      fileId: number;
      planName: string;
      pinId: number;
      pinNumber: number;
      text: string;
      photos?: QueuedPhoto[];
      photoFileIds?: number[];
    }
  /**
   * An item's status, with the pin's version it was chosen on: changed meanwhile, the server answers
   * 409 and the change is refused with that reason, nothing overwritten.
   */
  | { kind: 'pinStatus'; projectId: string; fileId: number; planName: string; pinId: number; pinNumber: number; status: PinStatus; version: number }
  /**
   * An item's kind, responsible person and due date as the project's architects set them
   * ('Zuordnen'), with the pin's version: changed meanwhile, the server answers 409 and it is
   * refused, nothing overwritten. The person goes with their name, for the pin shown meanwhile.
   */
  | {
      kind: 'pinItem';
      projectId: string;
      fileId: number;
      planName: string;
      pinId: number;
      pinNumber: number;
      itemKind: PinKind;
      responsible: QueuedPerson | null;
      dueDate: string | null;
      version: number;
    }
  /**
   * The author's change of a pin, whole as PUT sends it (place, comment, photo), with the pin's
   * version it was made on: changed meanwhile, the server answers 409 and it is refused, the typed
   * comment kept here. `moved` and `commented` say what changed, for the list of waiting changes.
   */
  | {
      kind: 'pinUpdate';
      projectId: string;
      fileId: number;
      planName: string;
      pinId: number;
      pinNumber: number;
      x: number;
      y: number;
      comment: string;
      photoFileId: number | null;
      version: number;
      moved: boolean;
      commented: boolean;
    }
  /** A pin's deletion with its version: changed meanwhile it is refused (409); a pin gone already counts as deleted. */
  | { kind: 'pinDelete'; projectId: string; fileId: number; planName: string; pinId: number; pinNumber: number; version: number };

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

/**
 * An item as the device keeps it: in clear only what orders and routes it (id, the account's id,
 * the time it was made, its status and size) and the username as a hash to find it by; what it
 * changes (names, addresses, texts, the reason of a refusal) sealed with the owner's device key, a
 * file or photo as sealed bytes of its own.
 */
interface StoredItem extends Sealed {
  id: number;
  /** SHA-256 of the lower-case username (`userTag`): the index the user's items are read by. */
  user: string;
  userId: number;
  createdAt: string;
  status: QueueStatus;
  bytes: number;
  /** The item's first file or photo, as sealed bytes of its own. */
  file?: Sealed;
  /** A reply's further photos, each sealed apart, in order. */
  moreFiles?: Sealed[];
}

/** An item from before encryption: read once with the key, then sealed (nothing typed is lost). */
type PlainItem = QueueItem & { iv?: undefined };

interface QueueSchema extends DBSchema {
  items: { key: number; value: StoredItem | PlainItem; indexes: { user: string } };
}

type NewItem = Omit<QueueItem, 'id'>;

/** Whose queue: the logged-in user, by their name and their account's id (both from the session), with their device key. */
export interface QueueOwner {
  username: string;
  userId: number;
  key: CryptoKey;
}

const userKey = (username: string) => username.toLowerCase();

/** The username as the device keeps it beside an item: a hash, not the name. */
export async function userTag(username: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`bauakte-queue\n${userKey(username)}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The part of an item kept sealed, its files or photos apart as bytes (with their types). */
interface SealedContent {
  payload: unknown;
  fileType?: string;
  moreFileTypes?: string[];
  reason?: string;
  conflict?: QuestionnaireConflict;
}

/** The Blobs an item carries, in order: an upload's file, a pin's photo, a reply's photos. */
function blobsOf(payload: QueuePayload): Blob[] {
  if (payload.kind === 'upload') return [payload.file];
  if (payload.kind === 'pin') return payload.photo ? [payload.photo.file] : [];
  if (payload.kind === 'pinReply') return (payload.photos ?? []).map((photo) => photo.file);
  return [];
}

/** The item's data without its Blobs, which are kept (and counted) apart. */
function withoutBlobs(payload: QueuePayload): unknown {
  if (payload.kind === 'upload') return { ...payload, file: undefined };
  if (payload.kind === 'pin' && payload.photo) return { ...payload, photo: { ...payload.photo, file: undefined } };
  if (payload.kind === 'pinReply' && payload.photos) return { ...payload, photos: payload.photos.map((photo) => ({ ...photo, file: undefined })) };
  return payload;
}

function withBlobs(payload: unknown, blobs: Blob[]): unknown {
  if (!isRecord(payload) || blobs.length === 0) return payload;
  const [first] = blobs;
  if (payload.kind === 'upload') return { ...payload, file: first };
  if (payload.kind === 'pin' && isRecord(payload.photo)) return { ...payload, photo: { ...payload.photo, file: first } };
  if (payload.kind === 'pinReply' && Array.isArray(payload.photos)) return { ...payload, photos: payload.photos.map((photo: unknown, index) => (isRecord(photo) ? { ...photo, file: blobs[index] } : photo)) };
  return payload;
}

async function seal(owner: QueueOwner, item: QueueItem): Promise<StoredItem> {
  const readable = isRecord(item.payload) && isText(item.payload.kind);
  const blobs = readable ? blobsOf(item.payload) : [];
  const [first, ...more] = blobs;
  const content: SealedContent = {
    payload: readable ? withoutBlobs(item.payload) : item.payload,
    fileType: first?.type,
    ...(more.length > 0 ? { moreFileTypes: more.map((blob) => blob.type) } : {}),
    reason: item.reason,
    conflict: item.conflict,
  };
  const sealed = await sealJson(owner.key, content);
  const clear = { id: item.id, user: await userTag(owner.username), userId: item.userId, createdAt: item.createdAt, status: item.status, bytes: item.bytes };
  const sealBlob = async (blob: Blob) => sealBytes(owner.key, await blob.arrayBuffer());
  return {
    ...clear,
    iv: sealed.iv,
    ciphertext: sealed.ciphertext,
    ...(first ? { file: await sealBlob(first) } : {}),
    ...(more.length > 0 ? { moreFiles: await Promise.all(more.map(sealBlob)) } : {}),
  };
}

/** The item's Blobs opened, in order; undefined when one does not open with the owner's key. */
async function openBlobs(owner: QueueOwner, stored: StoredItem, content: Record<string, unknown>): Promise<Blob[] | undefined> {
  const sealedFiles = [...(stored.file ? [stored.file] : []), ...(stored.moreFiles ?? [])];
  const types = [content.fileType, ...(Array.isArray(content.moreFileTypes) ? content.moreFileTypes : [])];
  const blobs: Blob[] = [];
  for (const [index, sealedFile] of sealedFiles.entries()) {
    const bytes = await openBytes(owner.key, sealedFile);
    if (!bytes) return undefined;
    const type = types[index];
    blobs.push(new Blob([bytes], { type: isText(type) ? type : '' }));
  }
  return blobs;
}

/** The item, or undefined when it does not open with the owner's key (another key, damaged). */
async function unseal(owner: QueueOwner, stored: StoredItem): Promise<QueueItem | undefined> {
  const content = await openJson(owner.key, stored);
  if (!isRecord(content)) return undefined;
  const blobs = await openBlobs(owner, stored, content);
  if (!blobs) return undefined;
  return {
    id: stored.id,
    user: userKey(owner.username),
    userId: stored.userId,
    createdAt: stored.createdAt,
    status: stored.status,
    bytes: stored.bytes,
    ...(isText(content.reason) ? { reason: content.reason } : {}),
    ...(isRecord(content.conflict) ? { conflict: content.conflict as unknown as QuestionnaireConflict } : {}),
    payload: withBlobs(content.payload, blobs) as QueuePayload,
  };
}

const isStoredSealed = (record: StoredItem | PlainItem): record is StoredItem => record.iv !== undefined;

/** The item was made by this owner (not merely by someone of the same name). */
export const belongsTo = (item: QueueItem, owner: QueueOwner): boolean => item.user === userKey(owner.username) && item.userId === owner.userId;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBlob = (value: unknown): value is Blob => isRecord(value) && typeof value.size === 'number' && typeof value.slice === 'function';
const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const stepNames: readonly string[] = questionnaireSteps;
const statuses: readonly string[] = ['waiting', 'sending', 'refused', 'conflict'];
const pinStatusNames: readonly string[] = pinStatuses;
const pinKindNames: readonly string[] = pinKinds;
/** A change of an item: which item, on which plan of which project. */
const isItemOf = (p: Record<string, unknown>) => isText(p.projectId) && isNumber(p.fileId) && isText(p.planName) && isNumber(p.pinId) && isNumber(p.pinNumber);
const isQueuedPhoto = (photo: unknown) => isRecord(photo) && isBlob(photo.file) && isText(photo.name) && isText(photo.title);
const isPerson = (person: unknown) => isRecord(person) && isText(person.username) && isText(person.firstName) && isText(person.lastName);
/** A reply's photos: each one to upload or uploaded, together no more than online takes. */
const areReplyPhotos = (photos: unknown, ids: unknown) =>
  (photos === undefined || (Array.isArray(photos) && photos.every(isQueuedPhoto))) &&
  (ids === undefined || (Array.isArray(ids) && ids.every(isNumber))) &&
  (Array.isArray(photos) ? photos.length : 0) + (Array.isArray(ids) ? ids.length : 0) <= itemPhotosMax;

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
    (p.photo === null || isQueuedPhoto(p.photo)) &&
    (p.photoFileId === null || isNumber(p.photoFileId)),
  pinReply: (p) => isItemOf(p) && isText(p.text) && areReplyPhotos(p.photos, p.photoFileIds),
  pinStatus: (p) => isItemOf(p) && isText(p.status) && pinStatusNames.includes(p.status) && isNumber(p.version),
  pinItem: (p) =>
    isItemOf(p) &&
    isText(p.itemKind) &&
    pinKindNames.includes(p.itemKind) &&
    (p.responsible === null || isPerson(p.responsible)) &&
    (p.dueDate === null || isText(p.dueDate)) &&
    isNumber(p.version),
  pinUpdate: (p) =>
    isItemOf(p) &&
    isNumber(p.x) &&
    isNumber(p.y) &&
    isText(p.comment) &&
    (p.photoFileId === null || isNumber(p.photoFileId)) &&
    isNumber(p.version) &&
    typeof p.moved === 'boolean' &&
    typeof p.commented === 'boolean',
  pinDelete: (p) => isItemOf(p) && isNumber(p.version),
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

/** The bytes an item takes: its files or photos, and its JSON's length. */
function bytesOf(payload: QueuePayload): number {
  return blobsOf(payload).reduce((sum, blob) => sum + blob.size, 0) + JSON.stringify(withoutBlobs(payload)).length;
}

/** The largest file or photo of the item: each is bound as one upload is. */
const largestBlobOf = (payload: QueuePayload): number => Math.max(0, ...blobsOf(payload).map((blob) => blob.size));

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
  update(owner: QueueOwner, id: number, change: Partial<Pick<QueueItem, 'status' | 'reason' | 'conflict'>>): Promise<void>;
  /** A part of the item reached the server (a pin's photo): what is left to send, with its smaller size. */
  replacePayload(owner: QueueOwner, id: number, payload: QueuePayload): Promise<void>;
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

  /**
   * Items from before encryption under the owner's name: the owner's own and the damaged ones are
   * sealed with the key now, in place (same id, same order); another account's are left as they are.
   */
  async function sealPlain(owner: QueueOwner): Promise<void> {
    const plain = (await db.getAllFromIndex('items', 'user', userKey(owner.username))).filter((record): record is PlainItem => !isStoredSealed(record));
    for (const item of plain) {
      if (!belongsTo(item, owner) && isWellFormed(item)) continue;
      const stored = await seal(owner, { ...item, userId: isNumber(item.userId) ? item.userId : owner.userId });
      await db.put('items', stored);
    }
  }

  // Keys grow, so the index's order (by key within one user) is the order the items were made.
  async function list(owner: QueueOwner): Promise<QueueItem[]> {
    await sealPlain(owner);
    const stored = (await db.getAllFromIndex('items', 'user', await userTag(owner.username))).filter(isStoredSealed).filter((record) => record.userId === owner.userId);
    const items: QueueItem[] = [];
    for (const record of stored) {
      const item = await unseal(owner, record);
      // Sealed under another key or damaged: never shown or sent, and gone.
      if (!item) await db.delete('items', record.id);
      else items.push(item);
    }
    return items.filter((item) => belongsTo(item, owner) || !isWellFormed(item));
  }

  async function checkRoom(owner: QueueOwner, payload: QueuePayload, bytes: number, replacing?: QueueItem): Promise<void> {
    if (largestBlobOf(payload) > queueLimits.fileBytes) throw new QueueFullError('file');
    const used = (await list(owner)).reduce((sum, item) => sum + (item.id === replacing?.id || !Number.isFinite(item.bytes) ? 0 : item.bytes), 0);
    if (used + bytes > queueLimits.totalBytes) throw new QueueFullError('total');
  }

  async function add(owner: QueueOwner, payload: QueuePayload): Promise<QueueItem> {
    const bytes = bytesOf(payload);
    await checkRoom(owner, payload, bytes);
    const item: NewItem = { user: userKey(owner.username), userId: owner.userId, createdAt: new Date().toISOString(), status: 'waiting', bytes, payload };
    const { id: _none, ...stored } = await seal(owner, { ...item, id: 0 });
    const id = await db.add('items', stored as StoredItem);
    return { ...item, id };
  }

  async function putStep(owner: QueueOwner, payload: Extract<QueuePayload, { kind: 'step' }>): Promise<QueueItem> {
    const existing = (await list(owner)).find((item) => belongsTo(item, owner) && isSameStep(item.payload, payload.projectId, payload.step));
    if (!existing) return add(owner, payload);
    const bytes = bytesOf(payload);
    await checkRoom(owner, payload, bytes, existing);
    const item: QueueItem = { id: existing.id, user: existing.user, userId: existing.userId, createdAt: new Date().toISOString(), status: 'waiting', bytes, payload };
    await db.put('items', await seal(owner, item));
    return item;
  }

  /** The owner's item by id, opened; undefined when it is gone or not theirs. */
  async function opened(owner: QueueOwner, id: number): Promise<QueueItem | undefined> {
    const record = await db.get('items', id);
    return record && isStoredSealed(record) && record.userId === owner.userId ? unseal(owner, record) : undefined;
  }

  // Sealing is asynchronous, which an IndexedDB transaction does not outlive: read, seal, then write.
  async function update(owner: QueueOwner, id: number, change: Partial<Pick<QueueItem, 'status' | 'reason' | 'conflict'>>): Promise<void> {
    const item = await opened(owner, id);
    if (item) await db.put('items', await seal(owner, { ...item, ...change }));
  }

  async function replacePayload(owner: QueueOwner, id: number, payload: QueuePayload): Promise<void> {
    const item = await opened(owner, id);
    if (item) await db.put('items', await seal(owner, { ...item, payload, bytes: bytesOf(payload) }));
  }

  async function clear(username: string): Promise<void> {
    // Sealed items by the name's hash, and any from before encryption by the name itself.
    for (const user of [await userTag(username), userKey(username)]) {
      const tx = db.transaction('items', 'readwrite');
      let cursor = await tx.store.index('user').openCursor(user);
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    }
  }

  return { list, add, putStep, update, replacePayload, remove: (id) => db.delete('items', id), clear, close: () => db.close() };
}

/** The step item of one project's step among a user's items. */
export function queuedStep(items: readonly QueueItem[] | undefined, projectId: string, step: QuestionnaireStep): QueueItem | undefined {
  return items?.find((item) => isSameStep(item.payload, projectId, step));
}

import {
  personNameOf,
  sameUsername,
  serverMessages,
  type CreatePin,
  type Pin,
  type PinItemRequest,
  type PinReplyRequest,
  type PinStatusRequest,
  type UpdatePinRequest,
} from '@bauakte/domain';
import type { CheckedPin, CheckedProject } from '../../platform/access/access';
import { newsSeenBy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { callerName } from '../../platform/auth/caller-name';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import type { PinRow, ReplyRow, StatusChangeRow } from './repository';
import type { PlanChange } from '../notifications/plan-notices';
import type { ItemAssignment } from '../notifications/item-notices';

type PinFields = Omit<Pin, 'statusHistory' | 'replies'>;

export function pinFieldsOf(row: PinRow): PinFields {
  return {
    id: row.id,
    fileId: row.fileId,
    page: row.page,
    x: Number(row.x),
    y: Number(row.y),
    number: row.number,
    comment: row.comment,
    photoFileId: null,
    photoFileIds: [],
    author: personNameOf(row.username, row.firstName, row.lastName),
    authorName: row.createdByName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    status: row.status,
    kind: row.kind,
    responsible: personNameOf(row.responsibleUsername, row.responsibleFirstName, row.responsibleLastName),
    dueDate: row.dueDate,
    carriedFromPinId: row.carriedFromPinId,
  };
}

/** The photos of pins or replies, by owner, in their order. */
export type PhotosByOwner = ReadonlyMap<number, readonly number[]>;
const none: readonly number[] = [];

export function groupPhotos<K extends string>(links: ReadonlyArray<{ fileId: number } & { [key in K]: number | null }>, key: K): PhotosByOwner {
  const grouped = new Map<number, number[]>();
  for (const link of links) {
    const owner = link[key];
    if (owner !== null) grouped.set(owner, [...(grouped.get(owner) ?? []), link.fileId]);
  }
  return grouped;
}

/** The pins' photos (each pin's own, not its replies'), read in one statement. */
export async function photosOfPins(repos: Repositories, pinIds: readonly number[]): Promise<PhotosByOwner> {
  return groupPhotos(await repos.itemPhotos.ofPins(pinIds), 'pinId');
}

/** The pin's fields with its photos: photoFileId is the first, as before a pin had several. */
export function withPhotos<T extends { id: number }>(pin: T, photos: PhotosByOwner): T & { photoFileId: number | null; photoFileIds: number[] } {
  const ids = [...(photos.get(pin.id) ?? none)];
  return { ...pin, photoFileId: ids[0] ?? null, photoFileIds: ids };
}

export function toPin(row: PinRow, history: readonly StatusChangeRow[] = [], replies: readonly ReplyRow[] = [], photos: { pins: PhotosByOwner; replies: PhotosByOwner } = { pins: new Map(), replies: new Map() }): Pin {
  return {
    ...withPhotos(pinFieldsOf(row), photos.pins),
    statusHistory: history.filter((change) => change.pinId === row.id).map((change) => ({ from: change.fromStatus, to: change.toStatus, byName: change.changedByName, at: change.changedAt })),
    replies: replies
      .filter((reply) => reply.pinId === row.id)
      .map((reply) => ({ id: reply.id, text: reply.text, byName: reply.authorName, at: reply.createdAt, photoFileIds: [...(photos.replies.get(reply.id) ?? none)] })),
  };
}

/** The pins with their status histories, replies and photos, read in four more statements for all of them. */
export async function withHistories(repos: Repositories, rows: readonly PinRow[]): Promise<Pin[]> {
  const ids = rows.map((row) => row.id);
  const [history, replies, pinPhotos] = await Promise.all([repos.pins.historyOf(ids), repos.pins.repliesOf(ids), photosOfPins(repos, ids)]);
  const replyPhotos = groupPhotos(await repos.itemPhotos.ofReplies(replies.map((reply) => reply.id)), 'replyId');
  return rows.map((row) => toPin(row, history, replies, { pins: pinPhotos, replies: replyPhotos }));
}

const photoTypes: readonly string[] = ['JPG', 'JPEG', 'PNG'];

/**
 * The photos named for a pin or a reply, each once, in their order: image files of the project
 * that are not photos to a question; else 400 at the field.
 */
export async function checkedPhotos(repos: Repositories, projectId: number, requested: readonly number[], field = 'photoFileIds'): Promise<number[]> {
  const ids = [...new Set(requested)];
  const path = `body/${field}`;
  const found = new Map((await repos.itemPhotos.candidates(projectId, ids)).map((file) => [file.id, file]));
  for (const id of ids) {
    const file = found.get(id);
    if (!file) throw validationFailed([{ path, message: serverMessages.pinPhotoNotFound }]);
    if (!photoTypes.includes(file.documentType)) throw validationFailed([{ path, message: serverMessages.itemPhotoNotImage }]);
    if (file.ofQuestion) throw validationFailed([{ path, message: serverMessages.itemPhotoOfQuestion }]);
  }
  return ids;
}

/** A new pin's photos and the field that named them: photoFileIds, else the single photoFileId. */
function requestedPhotos(request: CreatePin): [readonly number[], string] {
  if (request.photoFileIds !== undefined) return [request.photoFileIds, 'photoFileIds'];
  return [request.photoFileId === null ? [] : [request.photoFileId], 'photoFileId'];
}

/** Files of photos no pin or reply holds any more go with the change; answers their objects, to discard after it. */
async function removeOrphans(repos: Repositories, projectId: number): Promise<string[]> {
  return (await repos.itemPhotos.removeOrphans(projectId)).flatMap((row) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]);
}

/** The pin's photos as the edit leaves them; answers the objects of those no item holds any more. */
async function replacePinPhotos(repos: Repositories, pin: { id: number; projectId: number }, before: readonly number[], after: readonly number[], now: string): Promise<string[]> {
  if (sameList(before, after)) return [];
  await repos.itemPhotos.unlinkPin(pin.id);
  await repos.itemPhotos.link(pin.projectId, { pinId: pin.id }, after, now);
  return removeOrphans(repos, pin.projectId);
}

/** A pin's new photos from an edit, or undefined to keep them (see updatePinRequestSchema). */
function photosAfterEdit(request: UpdatePinRequest, current: readonly number[]): readonly number[] | undefined {
  if (request.photoFileIds !== undefined) return request.photoFileIds;
  if (request.photoFileId === undefined || request.photoFileId === (current[0] ?? null)) return undefined;
  return request.photoFileId === null ? [] : [request.photoFileId];
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => b[index] === id);

/** What changed a plan's pins, for the live channel: ids only, the clients read the pins themselves. */
export interface PinEvent {
  projectId: number;
  fileId: number;
  pinId: number;
}

/** 409 with the pin as it is now, so the caller sees what changed meanwhile. */
async function conflictWith(repos: Repositories, current: PinRow): Promise<AppError> {
  return new AppError('CONFLICT', serverMessages.pinChanged, { details: { pin: (await withHistories(repos, [current]))[0] } });
}

/**
 * Deletes the pin, given the version it was seen at only that one (409 with the pin as it is now
 * otherwise), with the photos of the pin and of its replies (unless a carried copy still holds them).
 */
async function deletePin(repos: Repositories, checked: CheckedPin, version: number | undefined): Promise<{ fileId: number; orphans: string[] }> {
  const pin = await repos.pins.find(checked.id);
  if (!pin) throw notFound();
  if (version !== undefined && pin.version !== version) throw await conflictWith(repos, pin);
  // The version again in the deletion itself: a change landing between the read and here is not lost either.
  if (!(await repos.pins.delete(checked.id, version))) throw await conflictWith(repos, (await repos.pins.find(checked.id)) ?? pin);
  return { fileId: pin.fileId, orphans: await removeOrphans(repos, checked.projectId) };
}

/**
 * Pins on a plan: placed by the project's architects and its client on a file of the project, each
 * numbered within its file; only the author changes or deletes a pin (the access policy decides).
 * A new, changed or deleted pin is project activity, like a new file.
 */
export function createPinService(deps: {
  data: DataLayer;
  announce?: (event: PinEvent) => void;
  /** Told after the commit of every new pin: the other side's mail. */
  onPlanChange?: (change: PlanChange) => void;
  /** Told after the commit of an item given to a person responsible other than before: their mail. */
  onAssignment?: (assignment: ItemAssignment) => void;
  /** After the commit: the objects of photos no item holds any more (the sweep takes what is left). */
  discardObjects?: (keys: string[]) => Promise<void>;
}) {
  const { data } = deps;

  async function fileOfProject(repos: Repositories, project: CheckedProject, fileId: number | null) {
    const file = fileId === null ? undefined : await repos.files.findInProject(project.id, fileId);
    if (!file) throw notFound(serverMessages.planNotFound);
    return file;
  }

  /**
   * A pin lies on a page the plan has: an image has one, a PDF as many as were counted at its
   * upload. A PDF that could not be counted is taken at its word, up to the schema's bound.
   */
  function refusePageBeyond(file: { documentType: string; pageCount: number | null }, page: number): void {
    const pages = file.pageCount ?? (file.documentType === 'PDF' ? null : 1);
    if (pages !== null && page > pages) throw validationFailed([{ path: 'body/page', message: serverMessages.pinPageBeyondPlan(pages) }]);
  }

  const discard = async (keys: string[]) => {
    if (keys.length > 0) await deps.discardObjects?.(keys);
  };

  const announce = (event: PinEvent) => deps.announce?.(event);

  /** The responsible person named by username: the project's client or one of its architects, else 400 at the field. */
  async function responsibleOf(repos: Repositories, project: { assignedUserId: number | null; createdById: number | null }, username: string | null): Promise<number | null> {
    if (username === null || username.trim() === '') return null;
    const person = (await repos.pins.assigneesOf(project.assignedUserId, project.createdById)).find((each) => sameUsername(each.username, username));
    if (!person) throw validationFailed([{ path: 'body/responsible', message: serverMessages.pinResponsibleNotOfProject }]);
    return person.id;
  }

  return {
    /** Every pin of the project's files, by file and number (the export). */
    listOfProject: async (projectId: number): Promise<Pin[]> => withHistories(data.repos, await data.repos.pins.listOfProject(projectId)),

    async list(project: CheckedProject, fileId: number | null): Promise<Pin[]> {
      const file = await fileOfProject(data.repos, project, fileId);
      return withHistories(data.repos, await data.repos.pins.listOfFile(file.id));
    },

    /** Numbers are given under the project's lock, so two pins placed at once get 4 and 5. */
    async create(caller: AuthUser, project: CheckedProject, fileId: number | null, request: CreatePin): Promise<Pin> {
      const createdByName = await callerName(data.repos.users, caller);
      const pin = await data.transaction(async (repos) => {
        await repos.projects.lock(project.id);
        const file = await fileOfProject(repos, project, fileId);
        refusePageBeyond(file, request.page);
        const photos = await checkedPhotos(repos, project.id, ...requestedPhotos(request));
        const now = new Date().toISOString();
        const id = await repos.pins.insert({
          projectId: project.id,
          fileId: file.id,
          page: request.page,
          x: request.x,
          y: request.y,
          number: await repos.pins.nextNumber(file.id),
          comment: request.comment,
          kind: request.kind,
          createdById: caller.id,
          createdByName,
          createdAt: now,
          updatedAt: now,
        });
        await repos.itemPhotos.link(project.id, { pinId: id }, photos, now);
        await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
        return { pin: (await withHistories(repos, [(await repos.pins.find(id))!]))[0]!, planName: file.name };
      });
      announce({ projectId: project.id, fileId: pin.pin.fileId, pinId: pin.pin.id });
      deps.onPlanChange?.({ projectId: project.id, actorId: caller.id, kind: 'PIN', fileId: pin.pin.fileId, page: pin.pin.page, planName: pin.planName, number: pin.pin.number });
      return pin.pin;
    },

    /** The author's change, if the pin is still as they saw it; otherwise 409 with the pin as it is now. */
    async update(caller: AuthUser, checked: CheckedPin, request: UpdatePinRequest): Promise<Pin> {
      const { pin, orphans } = await data.transaction(async (repos) => {
        const before = [...((await photosOfPins(repos, [checked.id])).get(checked.id) ?? [])];
        const wanted = photosAfterEdit(request, before);
        const photos = wanted === undefined ? before : await checkedPhotos(repos, checked.projectId, wanted, request.photoFileIds === undefined ? 'photoFileId' : 'photoFileIds');
        const now = new Date().toISOString();
        const changed = await repos.pins.update(checked.id, request.version, { x: request.x, y: request.y, comment: request.comment, updatedAt: now });
        const current = await repos.pins.find(checked.id);
        if (!current) throw notFound();
        if (!changed) throw await conflictWith(repos, current);
        const removed = await replacePinPhotos(repos, checked, before, photos, now);
        await repos.projects.recordChange(checked.projectId, now, newsSeenBy(caller));
        return { pin: (await withHistories(repos, [current]))[0]!, orphans: removed };
      });
      await discard(orphans);
      announce({ projectId: checked.projectId, fileId: pin.fileId, pinId: pin.id });
      return pin;
    },

    /** The status as the responsible person or an architect sets it, recorded in the pin's history. */
    async setStatus(caller: AuthUser, checked: CheckedPin<'status'>, request: PinStatusRequest): Promise<Pin> {
      const changedByName = await callerName(data.repos.users, caller);
      const pin = await data.transaction(async (repos) => {
        const before = await repos.pins.find(checked.id);
        if (!before) throw notFound();
        if (before.version !== request.version) throw await conflictWith(repos, before);
        if (before.status === request.status) return (await withHistories(repos, [before]))[0]!;
        const now = new Date().toISOString();
        if (!(await repos.pins.update(checked.id, request.version, { status: request.status, updatedAt: now }))) throw await conflictWith(repos, (await repos.pins.find(checked.id)) ?? before);
        await repos.pins.recordStatusChange({ pinId: checked.id, fromStatus: before.status, toStatus: request.status, changedById: caller.id, changedByName, changedAt: now });
        await repos.projects.recordChange(checked.projectId, now, newsSeenBy(caller));
        return (await withHistories(repos, [(await repos.pins.find(checked.id))!]))[0]!;
      });
      announce({ projectId: checked.projectId, fileId: pin.fileId, pinId: pin.id });
      return pin;
    },

    /** Kind, responsible person and due date, as the project's architects set them. */
    async setItem(caller: AuthUser, checked: CheckedPin<'assign'>, request: PinItemRequest): Promise<Pin> {
      const { pin, assigned } = await data.transaction(async (repos) => {
        const project = await repos.access.projectRefFor(checked.projectId, caller.id);
        if (!project) throw notFound();
        const responsibleId = await responsibleOf(repos, project, request.responsible);
        const before = await repos.pins.find(checked.id);
        const now = new Date().toISOString();
        const changed = await repos.pins.update(checked.id, request.version, { kind: request.kind, responsibleId, dueDate: request.dueDate, updatedAt: now });
        const current = await repos.pins.find(checked.id);
        if (!current) throw notFound();
        if (!changed) throw await conflictWith(repos, current);
        await repos.projects.recordChange(checked.projectId, now, newsSeenBy(caller));
        const newlyResponsible = responsibleId !== null && responsibleId !== before?.responsibleId ? responsibleId : null;
        return { pin: (await withHistories(repos, [current]))[0]!, assigned: newlyResponsible };
      });
      announce({ projectId: checked.projectId, fileId: pin.fileId, pinId: pin.id });
      if (assigned !== null) deps.onAssignment?.({ pinId: pin.id, actorId: caller.id, responsibleId: assigned });
      return pin;
    },

    /** A reply under the item, by anyone who sees it: the item's conversation. */
    async reply(caller: AuthUser, checked: CheckedPin<'read'>, request: PinReplyRequest): Promise<Pin> {
      const authorNameNow = await callerName(data.repos.users, caller);
      const pin = await data.transaction(async (repos) => {
        const current = await repos.pins.find(checked.id);
        if (!current) throw notFound();
        const photos = await checkedPhotos(repos, checked.projectId, request.photoFileIds ?? []);
        const now = new Date().toISOString();
        const replyId = await repos.pins.insertReply({ pinId: checked.id, authorId: caller.id, authorName: authorNameNow, text: request.text, createdAt: now });
        await repos.itemPhotos.link(checked.projectId, { replyId }, photos, now);
        await repos.projects.recordChange(checked.projectId, now, newsSeenBy(caller));
        return (await withHistories(repos, [current]))[0]!;
      });
      announce({ projectId: checked.projectId, fileId: pin.fileId, pinId: pin.id });
      return pin;
    },

    /** Deletes the pin; given the version it was seen at, a pin changed since answers 409 with the pin as it is now. */
    async remove(caller: AuthUser, checked: CheckedPin, version?: number): Promise<void> {
      const { fileId, orphans } = await data.transaction(async (repos) => {
        const removed = await deletePin(repos, checked, version);
        await repos.projects.recordChange(checked.projectId, new Date().toISOString(), newsSeenBy(caller));
        return removed;
      });
      await discard(orphans);
      announce({ projectId: checked.projectId, fileId, pinId: checked.id });
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;

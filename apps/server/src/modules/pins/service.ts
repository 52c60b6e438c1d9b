import { participantName, serverMessages, type CreatePinRequest, type Pin, type UpdatePinRequest } from '@bauakte/domain';
import type { CheckedPin, CheckedProject } from '../../platform/access/access';
import { newsSeenBy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import type { PinRow } from './repository';
import type { PlanChange } from '../notifications/plan-notices';

export function toPin(row: PinRow): Pin {
  return {
    id: row.id,
    fileId: row.fileId,
    page: row.page,
    x: Number(row.x),
    y: Number(row.y),
    number: row.number,
    comment: row.comment,
    photoFileId: row.photoFileId,
    author: row.username === null ? null : { username: row.username, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    authorName: row.createdByName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/** What changed a plan's pins, for the live channel: ids only, the clients read the pins themselves. */
export interface PinEvent {
  projectId: number;
  fileId: number;
  pinId: number;
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

  async function photoOf(repos: Repositories, projectId: number, photoFileId: number | null): Promise<number | null> {
    if (photoFileId === null) return null;
    const photo = await repos.files.findInProject(projectId, photoFileId);
    if (!photo) throw validationFailed([{ path: 'body/photoFileId', message: serverMessages.pinPhotoNotFound }]);
    return photo.id;
  }

  const authorName = async (caller: AuthUser): Promise<string> =>
    participantName((await data.repos.users.findById(caller.id)) ?? { username: caller.username, firstName: null, lastName: null });

  const announce = (event: PinEvent) => deps.announce?.(event);

  return {
    /** Every pin of the project's files, by file and number (the export). */
    listOfProject: async (projectId: number): Promise<Pin[]> => (await data.repos.pins.listOfProject(projectId)).map(toPin),

    async list(project: CheckedProject, fileId: number | null): Promise<Pin[]> {
      const file = await fileOfProject(data.repos, project, fileId);
      return (await data.repos.pins.listOfFile(file.id)).map(toPin);
    },

    /** Numbers are given under the project's lock, so two pins placed at once get 4 and 5. */
    async create(caller: AuthUser, project: CheckedProject, fileId: number | null, request: Required<CreatePinRequest>): Promise<Pin> {
      const createdByName = await authorName(caller);
      const pin = await data.transaction(async (repos) => {
        await repos.projects.lock(project.id);
        const file = await fileOfProject(repos, project, fileId);
        refusePageBeyond(file, request.page);
        const photoFileId = await photoOf(repos, project.id, request.photoFileId);
        const now = new Date().toISOString();
        const id = await repos.pins.insert({
          projectId: project.id,
          fileId: file.id,
          page: request.page,
          x: request.x,
          y: request.y,
          number: await repos.pins.nextNumber(file.id),
          comment: request.comment,
          photoFileId,
          createdById: caller.id,
          createdByName,
          createdAt: now,
          updatedAt: now,
        });
        await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
        return { pin: toPin((await repos.pins.find(id))!), planName: file.name };
      });
      announce({ projectId: project.id, fileId: pin.pin.fileId, pinId: pin.pin.id });
      deps.onPlanChange?.({ projectId: project.id, actorId: caller.id, kind: 'PIN', fileId: pin.pin.fileId, page: pin.pin.page, planName: pin.planName, number: pin.pin.number });
      return pin.pin;
    },

    /** The author's change, if the pin is still as they saw it; otherwise 409 with the pin as it is now. */
    async update(caller: AuthUser, checked: CheckedPin, request: UpdatePinRequest): Promise<Pin> {
      const pin = await data.transaction(async (repos) => {
        const photoFileId = await photoOf(repos, checked.projectId, request.photoFileId);
        const now = new Date().toISOString();
        const changed = await repos.pins.update(checked.id, request.version, { x: request.x, y: request.y, comment: request.comment, photoFileId, updatedAt: now });
        const current = await repos.pins.find(checked.id);
        if (!current) throw notFound();
        if (!changed) throw new AppError('CONFLICT', serverMessages.pinChanged, { details: { pin: toPin(current) } });
        await repos.projects.recordChange(checked.projectId, now, newsSeenBy(caller));
        return toPin(current);
      });
      announce({ projectId: checked.projectId, fileId: pin.fileId, pinId: pin.id });
      return pin;
    },

    async remove(caller: AuthUser, checked: CheckedPin): Promise<void> {
      const fileId = await data.transaction(async (repos) => {
        const pin = await repos.pins.find(checked.id);
        if (!pin) throw notFound();
        await repos.pins.delete(checked.id);
        await repos.projects.recordChange(checked.projectId, new Date().toISOString(), newsSeenBy(caller));
        return pin.fileId;
      });
      announce({ projectId: checked.projectId, fileId, pinId: checked.id });
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;

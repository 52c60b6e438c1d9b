import { serverMessages, type CarryPins, type Pin } from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import { newsSeenBy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { notFound, validationFailed } from '../../platform/errors';
import type { PinRow } from './repository';
import { groupPhotos, photosOfPins, withHistories, type PinEvent } from './service';

/** The pins of the previous version to carry: the named ones (each must lie there), else every one not done. */
function chosenToCarry(sources: readonly PinRow[], pinIds: readonly number[] | undefined): PinRow[] {
  if (pinIds === undefined) return sources.filter((pin) => pin.status !== 'ERLEDIGT');
  const chosen = sources.filter((pin) => pinIds.includes(pin.id));
  if (chosen.length !== new Set(pinIds).size) throw validationFailed([{ path: 'body/pinIds', message: serverMessages.carryPinNotOnPrevious }]);
  return chosen;
}

/** The copy shows the same photos as its origin, the pin's and each reply's (the replies were copied in their order). */
async function copyPhotos(repos: Repositories, source: PinRow, toPinId: number, now: string): Promise<void> {
  const pinPhotos = (await photosOfPins(repos, [source.id])).get(source.id) ?? [];
  await repos.itemPhotos.link(source.projectId, { pinId: toPinId }, pinPhotos, now);
  const [from, to] = await Promise.all([repos.pins.repliesOf([source.id]), repos.pins.repliesOf([toPinId])]);
  const replyPhotos = groupPhotos(await repos.itemPhotos.ofReplies(from.map((reply) => reply.id)), 'replyId');
  for (const [index, reply] of from.entries()) {
    const copy = to[index];
    if (copy) await repos.itemPhotos.link(source.projectId, { replyId: copy.id }, replyPhotos.get(reply.id) ?? [], now);
  }
}

/** A copy of the pin on the file, linked to it, with its item's state and its story (history, replies). */
async function carryOne(repos: Repositories, fileId: number, source: PinRow, now: string): Promise<number> {
  const id = await repos.pins.insert({
    projectId: source.projectId,
    fileId,
    page: source.page,
    x: source.x,
    y: source.y,
    number: await repos.pins.nextNumber(fileId),
    comment: source.comment,
    kind: source.kind,
    status: source.status,
    responsibleId: source.responsibleId,
    dueDate: source.dueDate,
    // The author stays the author: the text and place of the item remain theirs to change.
    createdById: source.createdById,
    createdByName: source.createdByName,
    createdAt: now,
    updatedAt: now,
    carriedFromPinId: source.id,
  });
  await repos.pins.copyStory(source.id, id);
  await copyPhotos(repos, source, id, now);
  return id;
}

/**
 * Items carried from a plan's previous version to its current one: whoever may place pins on the
 * plan carries them (the same rule), each a copy linked to its origin.
 */
export function createCarryOverService(deps: { data: DataLayer; announce?: (event: PinEvent) => void }) {
  const { data } = deps;
  return {
    /**
     * The previous version's items carried to the plan's current version in one transaction under
     * the project's lock; an item carried before is skipped (also when two people carry at once).
     */
    async carryOver(caller: AuthUser, project: CheckedProject, fileId: number | null, request: CarryPins): Promise<Pin[]> {
      const carried = await data.transaction(async (repos) => {
        await repos.projects.lock(project.id);
        const file = fileId === null ? undefined : await repos.files.findInProject(project.id, fileId);
        if (!file) throw notFound(serverMessages.planNotFound);
        const versions = await repos.files.versionsOf(file.planId ?? file.id);
        if (versions[0]?.id !== file.id) throw validationFailed([{ path: 'params/fileId', message: serverMessages.carryToCurrentVersion }]);
        const previous = versions.find((each) => each.version === file.version - 1);
        if (!previous) return [];
        const chosen = chosenToCarry(await repos.pins.listOfFile(previous.id), request.pinIds);
        const already = await repos.pins.carriedOf(chosen.map((pin) => pin.id));
        const now = new Date().toISOString();
        const ids: number[] = [];
        for (const source of chosen.filter((pin) => !already.has(pin.id))) ids.push(await carryOne(repos, file.id, source, now));
        if (ids.length > 0) await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
        const rows = (await repos.pins.listOfFile(file.id)).filter((pin) => ids.includes(pin.id));
        return withHistories(repos, rows);
      });
      for (const pin of carried) deps.announce?.({ projectId: project.id, fileId: pin.fileId, pinId: pin.id });
      return carried;
    },
  };
}

export type CarryOverService = ReturnType<typeof createCarryOverService>;

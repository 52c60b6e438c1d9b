import { exportFileName, openItemsReportMax, participantName, type OpenItemsFilter, type Pin } from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { DataLayer } from '../../platform/db/repositories';
import type { FileService } from '../files/service';
import type { OpenItemService } from '../pins/open-items';
import type { PinService } from '../pins/service';
import type { ExportFile } from './export-file';
import type { PdfRenderer, PdfStoreConfig } from './pdf/pdf-renderer';
import type { OpenItemsPdfJob } from './pdf/pdf-process';
import type { OpenItemsPdfItem } from './pdf/render-open-items-pdf';

type FileRow = Awaited<ReturnType<DataLayer['repos']['files']['versionsOfProject']>>[number];

/**
 * Pages of PDF plans beyond their first a report renders (or finds kept) for its crops: bounded, so
 * a report of many pages of a heavy PDF does not hold its request for minutes. Items on further
 * pages are listed without their crop.
 */
export const reportPagesMax = 30;

const pageId = (file: FileRow, page: number) => `${file.storageKey}#${page}`;

/** The stored images of the items' PDF pages beyond the first, by pageId; null where none could be rendered. */
async function pageImagesOf(pins: Pin[], fileById: Map<number, FileRow>, renderedPageKey: FileService['renderedPageKey']): Promise<Map<string, string | null>> {
  const keys = new Map<string, string | null>();
  for (const pin of pins) {
    const file = fileById.get(pin.fileId);
    if (!file || file.documentType !== 'PDF' || pin.page === 1 || keys.has(pageId(file, pin.page))) continue;
    if (keys.size >= reportPagesMax) break;
    // One after another: the file's render places stay free for the people viewing it meanwhile.
    keys.set(pageId(file, pin.page), await renderedPageKey(file.storageKey, pin.page));
  }
  return keys;
}

/** Where the item's page can be seen: an image plan itself, a PDF's first page by its preview, a further page by its rendered image. */
function viewOf(file: FileRow | undefined, pin: Pin, pageImages: Map<string, string | null>): OpenItemsPdfJob['items'][number]['view'] {
  if (!file) return null;
  if (file.documentType !== 'PDF') return { key: file.storageKey, x: pin.x, y: pin.y };
  const key = pin.page === 1 ? file.thumbnailKey : pageImages.get(pageId(file, pin.page));
  return key ? { key, x: pin.x, y: pin.y } : null;
}

/** The previews of the photos (by store key); a photo without one is left out. */
const previewsOf = (fileIds: readonly number[], photoKeys: ReadonlyMap<number, string | null>): string[] =>
  fileIds.flatMap((id) => {
    const key = photoKeys.get(id);
    return key ? [key] : [];
  });

/** Replies (with their photos) and status changes in the order they happened. */
function entriesOf(pin: Pin, photoKeys: ReadonlyMap<number, string | null>): OpenItemsPdfItem<string>['entries'] {
  const replies = pin.replies.map((reply) => ({ at: reply.at, reply: { by: reply.byName, text: reply.text, photos: previewsOf(reply.photoFileIds, photoKeys) } }));
  const changes = pin.statusHistory.map((change) => ({ at: change.at, change: { from: change.from, to: change.to, by: change.byName } }));
  return [...replies, ...changes].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * 'Offene Punkte als PDF': the project's items as the list filters them, at most openItemsReportMax
 * (the rest named by their count), laid out in the export's child processes under its limits.
 */
export function createOpenItemsReport(deps: { data: DataLayer; pins: PinService; openItems: OpenItemService; pdf: PdfRenderer; storeConfig: PdfStoreConfig; pages: Pick<FileService, 'renderedPageKey'> }) {
  return async function openItemsPdf(project: CheckedProject<'manage'>, query: OpenItemsFilter): Promise<ExportFile> {
    const [listed, pins, files, photos, details, architect] = await Promise.all([
      deps.openItems.openItems(project, query),
      deps.pins.listOfProject(project.id),
      deps.data.repos.files.versionsOfProject(project.id),
      deps.data.repos.itemPhotos.listOfProject(project.id),
      deps.data.repos.projects.get(project.id),
      project.createdById === null ? undefined : deps.data.repos.users.findById(project.createdById),
    ]);
    // The report lays out spots on plans (crop, photo, conversation); follow-ups on questions are in the list on the page.
    const onPlans = listed.filter((item) => item.anchor === 'PLAN');
    const shown = onPlans.slice(0, openItemsReportMax);
    const pinById = new Map(pins.map((pin) => [pin.id, pin]));
    const fileById = new Map(files.map((file) => [file.id, file]));
    const pageImages = await pageImagesOf(shown.flatMap((item) => pinById.get(item.id) ?? []), fileById, deps.pages.renderedPageKey);
    const photoKeys = new Map(photos.map((photo) => [photo.id, photo.thumbnailKey] as const));
    const items = shown.flatMap((item): OpenItemsPdfJob['items'] => {
      const pin = pinById.get(item.id);
      if (!pin) return [];
      return [
        {
          number: pin.number,
          planName: item.planName,
          version: item.fileVersion,
          page: pin.page,
          kind: pin.kind,
          status: pin.status,
          responsible: pin.responsible ? participantName(pin.responsible) : null,
          dueDate: pin.dueDate,
          comment: pin.comment,
          createdBy: pin.authorName,
          createdAt: pin.createdAt,
          entries: entriesOf(pin, photoKeys),
          view: viewOf(fileById.get(pin.fileId), pin, pageImages),
          photos: previewsOf(pin.photoFileIds, photoKeys),
        },
      ];
    });
    const job: OpenItemsPdfJob = {
      kind: 'open-items',
      projectName: details.name,
      author: architect ? participantName(architect) : 'Bauakte',
      exportedAt: new Date().toISOString(),
      items,
      more: onPlans.length - shown.length,
      store: deps.storeConfig,
    };
    const fileName = exportFileName(details, 'pdf').replace(/^projekt_/, 'offene_punkte_');
    return { fileName, contentType: 'application/pdf', content: await deps.pdf.render(job) };
  };
}

export type OpenItemsReport = ReturnType<typeof createOpenItemsReport>;

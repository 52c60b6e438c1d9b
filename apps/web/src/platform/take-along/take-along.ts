import type { QueryClient } from '@tanstack/react-query';
import type { ItemPhoto, ProjectFile, QuestionPhoto } from '@bauakte/domain/schemas';
import type { SessionUser } from '../../lib/token';

/**
 * What a project made available offline takes at most on the device: the first 40 pages of each
 * plan, and 250 MB in all (answers, thumbnails, pages, encrypted). Past either bound the rest is
 * skipped and counted, and the card says how many pages are not kept.
 */
export const takeAlongBounds = { maxPagesPerPlan: 40, maxBytes: 250 * 1024 * 1024 } as const;

/** What the device keeps of a project, as its card shows it; kept (encrypted) in the read cache. */
export interface KeptProject {
  keptAt: number;
  bytes: number;
  pagesKept: number;
  /** Pages past a bound: not on the device. */
  pagesSkipped: number;
  /** The plan versions whose pages and the files whose pictures are kept, to remove them by. */
  planKeys: string[];
  pictureKeys: string[];
}

/** Where a project's data comes from and goes to; the card gives the app's, a test its own. */
export interface TakeAlongSources {
  /** Each fetches answers through the query cache, where the read cache keeps them (the overview, the steps, the chats …). */
  answers: ReadonlyArray<() => Promise<unknown>>;
  files(): Promise<ProjectFile[]>;
  questionPhotos(): Promise<QuestionPhoto[]>;
  /** The photos of the project's open items (pins and their replies), kept out of the file list. */
  itemPhotos(): Promise<ItemPhoto[]>;
  /** The project's follow-ups on answers, its list 'Offene Punkte' and whom its items may be assigned to, as the pages ask for them. */
  openItems: ReadonlyArray<() => Promise<unknown>>;
  pins(fileId: number): Promise<unknown>;
  /** Keeps a thumbnail under its key; resolves to the bytes it takes. */
  keepPicture(key: string, src: string): Promise<number>;
  /** Keeps one page of a plan version; resolves to the bytes it takes. */
  keepPage(planKey: string, page: number, src: string): Promise<number>;
  /** The address of a page as the viewer first asks for it on this screen (firstPageImage), null when it has none. */
  pageAddress(file: ProjectFile, page: number): string | null;
}

/** A project's sources in the app: through the features' APIs, which this floor does not import. */
export type AppTakeAlongSources = (client: QueryClient, user: SessionUser, projectId: string) => TakeAlongSources;

let loadAppSources: (() => Promise<AppTakeAlongSources>) | undefined;

/** The app names where its sources come from, loaded when a keep starts (they bring the features' code and zod along). */
export function provideTakeAlongSources(load: () => Promise<AppTakeAlongSources>): void {
  loadAppSources = load;
}

export async function appTakeAlongSources(): Promise<AppTakeAlongSources> {
  if (!loadAppSources) throw new Error('No sources to take a project along: the app provides them (provideTakeAlongSources).');
  return loadAppSources();
}

export interface TakeAlongProgress {
  done: number;
  total: number;
}

const planKeyOf = (file: ProjectFile) => `${file.id}-${file.version}`;
const hasPages = (file: ProjectFile) => file.documentType === 'PDF' && file.pagesUrl !== null && (file.pageCount ?? 0) > 0;
const hasPreview = (file: ProjectFile) => file.thumbnailUrl !== null || file.pagesUrl !== null;

/** Runs the tasks, a few at a time: pages are fetched side by side, not one by one, nor all at once. */
async function inTurns(tasks: ReadonlyArray<() => Promise<void>>, side = 3): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(side, tasks.length) }, worker));
}

/** A failed fetch of one part leaves the part out; the others are kept. */
const quietly = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => run().catch(() => fallback);

/**
 * Fetches and keeps a project: its answers and chats, the file list with thumbnails, the photos to questions
 * and of the open items, the follow-ups and 'Offene Punkte', every plan's pins and its pages at the width the viewer
 * asks for on this screen, within takeAlongBounds. Reports progress after each part.
 */
export async function takeAlong(
  sources: TakeAlongSources,
  onProgress: (progress: TakeAlongProgress) => void,
  bounds: { maxPagesPerPlan: number; maxBytes: number } = takeAlongBounds,
): Promise<KeptProject> {
  const answers = [...sources.answers, ...sources.openItems];
  const progress = { done: 0, total: answers.length + 3 };
  const step = () => {
    progress.done += 1;
    onProgress({ ...progress });
  };
  onProgress({ ...progress });
  const counted = <T>(run: () => Promise<T>, fallback: T) => quietly(run, fallback).finally(step);
  const [files, photos, itemPhotos] = await Promise.all([
    counted(sources.files, []),
    counted(sources.questionPhotos, []),
    counted(sources.itemPhotos, []),
    ...answers.map((answer) => counted(answer, undefined)),
  ]);

  const pictured = [...files, ...photos.map((photo) => photo.file), ...itemPhotos.map((photo) => photo.file)].filter(hasPreview);
  const pictures = [...new Map(pictured.map((file) => [planKeyOf(file), file])).values()];
  const planned = files.filter((file) => file.documentType === 'PDF' || file.thumbnailUrl !== null);
  const paged = files.filter(hasPages);
  const pageList = paged.flatMap((file) => Array.from({ length: file.pageCount ?? 0 }, (_unused, index) => ({ file, page: index + 1 })));
  const wanted = pageList.filter((entry) => entry.page <= bounds.maxPagesPerPlan);
  progress.total += planned.length + pictures.length + wanted.length;
  onProgress({ ...progress });

  let bytes = 0;
  let pagesKept = 0;
  await inTurns(planned.map((file) => () => counted(() => sources.pins(file.id), undefined).then(() => undefined)));
  await inTurns(
    pictures.map((file) => async () => {
      const src = file.thumbnailUrl ?? sources.pageAddress(file, 1);
      // Read after the wait: `bytes += await …` would add to the total as it was before, losing the parallel ones.
      const size = src ? await quietly(() => sources.keepPicture(planKeyOf(file), src), 0) : 0;
      bytes += size;
      step();
    }),
  );
  await inTurns(
    wanted.map(({ file, page }) => async () => {
      const src = sources.pageAddress(file, page);
      // Past the bound in bytes every further page is skipped, so the kept pages are each plan's first.
      if (src && bytes < bounds.maxBytes) {
        const size = await quietly(() => sources.keepPage(planKeyOf(file), page, src), 0);
        bytes += size;
        if (size > 0) pagesKept += 1;
      }
      step();
    }),
  );
  return { keptAt: Date.now(), bytes, pagesKept, pagesSkipped: pageList.length - pagesKept, planKeys: paged.map(planKeyOf), pictureKeys: pictures.map(planKeyOf) };
}

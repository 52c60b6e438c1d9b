import { describe, expect, it, vi } from 'vitest';
import type { ItemPhoto, ProjectFile, QuestionPhoto } from '@bauakte/domain/schemas';
import { takeAlong, type TakeAlongProgress, type TakeAlongSources } from './take-along';

const file = (id: number, fields: Partial<ProjectFile>): ProjectFile =>
  ({
    id,
    version: 1,
    name: `Datei ${id}`,
    documentType: 'PDF',
    url: `/api/s3/download/7/${id}?signature=x`,
    thumbnailUrl: `/api/s3/download/7/${id}/thumbnail?signature=x`,
    pagesUrl: `/api/s3/download/7/${id}/pages?signature=x`,
    pageCount: 2,
    ...fields,
  }) as ProjectFile;

const grundriss = file(12, { pageCount: 3 });
const foto = file(13, { documentType: 'JPG', pagesUrl: null, pageCount: null });
const vertrag = file(14, { thumbnailUrl: null, pagesUrl: null, pageCount: null });
const fensterFoto: QuestionPhoto = { step: 'windows', question: 'windowYear', file: file(20, { documentType: 'JPG', pagesUrl: null, pageCount: null }) };
const rissFoto: ItemPhoto = { file: file(30, { documentType: 'JPG', pagesUrl: null, pageCount: null }), pinId: 5, pinNumber: 1, replyId: null, fileId: 12, planId: 12, planName: 'Grundriss', page: 1 };

function sources(files: ProjectFile[], pageBytes = 1000): TakeAlongSources & { kept: string[]; answered: number } {
  const kept: string[] = [];
  const result = {
    kept,
    answered: 0,
    answers: [1, 2, 3].map(() => async () => {
      result.answered += 1;
    }),
    files: async () => files,
    questionPhotos: async () => [fensterFoto],
    itemPhotos: async () => [rissFoto],
    openItems: [
      async () => {
        result.answered += 1;
      },
    ],
    pins: vi.fn(async () => []),
    keepPicture: vi.fn(async (key: string) => {
      kept.push(`picture ${key}`);
      return 100;
    }),
    keepPage: vi.fn(async (planKey: string, page: number) => {
      kept.push(`page ${planKey}/${page}`);
      return pageBytes;
    }),
    pageAddress: (each: ProjectFile, page: number) => (each.pagesUrl ? `${each.pagesUrl}&page=${page}&width=960` : null),
  };
  return result;
}

describe('taking a project along', () => {
  it('keeps the answers, the open items, every thumbnail (photos to questions and of items too), every plan’s pins and every page at the viewer’s address', async () => {
    const from = sources([grundriss, foto, vertrag]);
    const kept = await takeAlong(from, () => undefined);
    expect(from.answered).toBe(4);
    expect(from.pins).toHaveBeenCalledTimes(3);
    expect(from.pins).toHaveBeenCalledWith(12);
    expect(from.pins).toHaveBeenCalledWith(13);
    expect(from.keepPage).toHaveBeenCalledWith('12-1', 2, '/api/s3/download/7/12/pages?signature=x&page=2&width=960');
    expect(from.kept.sort()).toEqual(['page 12-1/1', 'page 12-1/2', 'page 12-1/3', 'picture 12-1', 'picture 13-1', 'picture 20-1', 'picture 30-1']);
    expect(kept).toMatchObject({ bytes: 3 * 1000 + 4 * 100, pagesKept: 3, pagesSkipped: 0, planKeys: ['12-1'], pictureKeys: ['12-1', '13-1', '20-1', '30-1'] });
  });

  it('keeps no more pages per plan than the bound and counts the rest as not kept', async () => {
    const from = sources([file(12, { pageCount: 8 })]);
    const kept = await takeAlong(from, () => undefined, { maxPagesPerPlan: 5, maxBytes: 1e9 });
    expect(from.keepPage).toHaveBeenCalledTimes(5);
    expect(kept).toMatchObject({ pagesKept: 5, pagesSkipped: 3 });
  });

  it('stops keeping pages once the project takes the bound in bytes', async () => {
    const from = sources([file(12, { pageCount: 10 })], 400);
    const kept = await takeAlong(from, () => undefined, { maxPagesPerPlan: 40, maxBytes: 1000 });
    // 100 for the thumbnail, then pages of 400 until 1000 is reached; fetched three side by side.
    expect(kept.bytes).toBeGreaterThanOrEqual(1000);
    expect(kept.pagesKept).toBeLessThan(10);
    expect(kept.pagesKept + kept.pagesSkipped).toBe(10);
  });

  it('reports its progress from nothing to all parts done', async () => {
    const seen: TakeAlongProgress[] = [];
    await takeAlong(sources([grundriss]), (progress) => seen.push(progress));
    expect(seen[0]).toEqual({ done: 0, total: 7 });
    const last = seen.at(-1)!;
    // 3 answers and 1 of the open items, files, question photos, item photos; pins of 1 plan; 3 pictures; 3 pages.
    expect(last).toEqual({ done: 14, total: 14 });
    expect(seen.every((each, index) => index === 0 || each.done >= seen[index - 1]!.done)).toBe(true);
  });

  it('keeps what it can when a part fails', async () => {
    const from = sources([grundriss]);
    from.keepPage = vi.fn(async (_key: string, page: number) => {
      if (page === 2) throw new Error('gone');
      return 1000;
    });
    const kept = await takeAlong(from, () => undefined);
    expect(kept).toMatchObject({ pagesKept: 2, pagesSkipped: 1 });
  });
});

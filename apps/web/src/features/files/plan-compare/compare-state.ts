import type { ProjectFile } from '@bauakte/domain/schemas';
import { renderedPageCount } from '../preview-kind';

export type CompareMode = 'side' | 'overlay';

/** The two versions compared: `before` the older. */
export interface ComparePair {
  before: ProjectFile;
  after: ProjectFile;
}

/** The two versions chosen, by id: the versions themselves come fresh from the list (links, page counts). */
export interface ChosenPair {
  before: number;
  after: number;
}

/** The current version and the one before it: what changed last. Versions come newest first. */
export function defaultPair(versions: readonly ProjectFile[]): ChosenPair {
  const [after, before] = versions;
  return { before: (before ?? after)?.id ?? 0, after: after?.id ?? 0 };
}

/** The versions chosen as the list has them now; the default pair for one no longer there. */
export function pairOf(versions: readonly ProjectFile[], chosen: ChosenPair): ComparePair | null {
  const find = (id: number) => versions.find((file) => file.id === id);
  const fallback = defaultPair(versions);
  const after = find(chosen.after) ?? find(fallback.after);
  const before = find(chosen.before) ?? find(fallback.before);
  return after && before ? { before, after } : null;
}

/** An image has one page, a PDF the pages the server rendered: the pages to choose are those of the longer one. */
const pagesOf = (file: ProjectFile) => (file.documentType === 'PDF' ? renderedPageCount(file) : 1);

export function comparePages(before: ProjectFile, after: ProjectFile): number {
  return Math.max(1, pagesOf(before), pagesOf(after));
}

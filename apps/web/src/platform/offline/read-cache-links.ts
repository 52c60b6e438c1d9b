import { keptPagesAddress, keptPlanKey } from './read-cache-pages';
import { keptPictureAddress } from './read-cache-pictures';

/**
 * A signed link opens a file without a session for as long as it is valid: kept on the device it
 * would outlive the logout and open the file for the next person at this browser. The read cache
 * therefore stores every answer without them.
 */
const isSignedLink = (value: string) => /[?&]signature=/.test(value);

interface FileWithLinks {
  id: number;
  version: number;
  url: string;
  thumbnailUrl: string | null;
  pagesUrl: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isFileWithLinks(value: Record<string, unknown>): value is Record<string, unknown> & FileWithLinks {
  return typeof value.id === 'number' && typeof value.version === 'number' && typeof value.url === 'string' && 'thumbnailUrl' in value && 'pagesUrl' in value;
}

/**
 * A project file as kept: no download link (offline there is nothing to download), and instead of
 * its preview's link the address of the picture kept for this version, which the tile shows offline;
 * a PDF's pages link becomes the address its pages are kept under when the project is made available
 * offline (read-cache-pages.ts), which the viewer finds them by.
 */
function keptFile(file: Record<string, unknown> & FileWithLinks): Record<string, unknown> {
  const { url: _url, thumbnailUrl, pagesUrl, ...rest } = file;
  const hadPreview = thumbnailUrl !== null || pagesUrl !== null;
  const kept = withoutSignedLinks(rest) as Record<string, unknown>;
  return { ...kept, url: '', thumbnailUrl: hadPreview ? keptPictureAddress(keptPlanKey(file)) : null, pagesUrl: pagesUrl === null ? null : keptPagesAddress(keptPlanKey(file)) };
}

/** The answer as the read cache stores it: every signed link taken out, whatever the answer's shape. */
export function withoutSignedLinks(data: unknown): unknown {
  if (typeof data === 'string') return isSignedLink(data) ? '' : data;
  if (Array.isArray(data)) return data.map(withoutSignedLinks);
  if (!isRecord(data)) return data;
  if (isFileWithLinks(data)) return keptFile(data);
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, withoutSignedLinks(value)]));
}

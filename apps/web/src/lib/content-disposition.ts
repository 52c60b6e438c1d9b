/** A file name may not carry a folder: whatever comes before the last slash is dropped. */
const baseName = (name: string) => name.split(/[\\/]/).pop()?.trim() ?? '';

function decodeExtended(value: string): string | undefined {
  // RFC 8187: charset'language'percent-encoded; the server sends UTF-8 only.
  const match = /^utf-8'[^']*'(.+)$/i.exec(value.trim());
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the exact filename* when present,
 * else the plain filename; undefined when the header names none.
 */
export function fileNameOfDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = (extended && decodeExtended(extended)) ?? plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  const safe = name === undefined ? '' : baseName(name);
  return safe === '' ? undefined : safe;
}

/**
 * How long a saved file's object URL lives: some browsers read it only after the click has
 * returned, so it is not revoked at once (FileSaver.js waits 40 s as well).
 */
export const objectUrlLifetimeMs = 40_000;

/** Hands the bytes to the browser's download under the given name, through a temporary <a download>. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
}

export const exportFormats = ['pdf', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The longest stem of an export's file name, in characters: file systems allow 255 bytes. */
const exportFileStemMaxLength = 80;

/**
 * A text as part of a file name on any system: letters (umlauts too, composed), digits, '-' and
 * '.'; every run of anything else (spaces, quotes, slashes) becomes one '_'.
 */
function safeFileStem(text: string): string {
  const safe = text.normalize('NFC').replace(/[^\p{L}\p{N}.-]+/gu, '_').replace(/^[._-]+/, '');
  return Array.from(safe).slice(0, exportFileStemMaxLength).join('').replace(/[._-]+$/, '');
}

/**
 * An export's file name: the default the product fixes, 'projekt_{id}', followed by the project's
 * name ('projekt_7_Sanierung_Mühlgasse.pdf') — or its address where the name leaves nothing — so
 * a downloaded or mailed export says which project it holds.
 */
export function exportFileName(
  project: { id: number; name: string; address?: { street: string; number: string; city: string } },
  format: ExportFormat,
): string {
  const address = project.address ? `${project.address.street} ${project.address.number} ${project.address.city}` : '';
  const stem = safeFileStem(project.name) || safeFileStem(address);
  return stem ? `projekt_${project.id}_${stem}.${format}` : `projekt_${project.id}.${format}`;
}

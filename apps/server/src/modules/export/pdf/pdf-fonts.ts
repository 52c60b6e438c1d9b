import fs from 'node:fs';
import { createRequire } from 'node:module';

/** Font files as bytes: pdfkit embeds (subsets of) them, so every viewer shows ä ö ü ß € „ “ – alike. */
export interface PdfFonts {
  regular: Buffer;
  italic: Buffer;
  semibold: Buffer;
  bold: Buffer;
}

// Source Sans 3 (SIL Open Font License) from the npm registry: no system font is relied upon.
const files: Record<keyof PdfFonts, string> = {
  regular: '400Regular/SourceSans3_400Regular.ttf',
  italic: '400Regular_Italic/SourceSans3_400Regular_Italic.ttf',
  semibold: '600SemiBold/SourceSans3_600SemiBold.ttf',
  bold: '700Bold/SourceSans3_700Bold.ttf',
};

let loaded: PdfFonts | undefined;

export function loadPdfFonts(): PdfFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const read = (file: string) => fs.readFileSync(require.resolve(`@expo-google-fonts/source-sans-3/${file}`));
  loaded = { regular: read(files.regular), italic: read(files.italic), semibold: read(files.semibold), bold: read(files.bold) };
  return loaded;
}

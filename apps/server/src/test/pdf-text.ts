import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** The text of each page and the document info, as a PDF reader sees them (tests read exports with it). */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: string[]; info: Record<string, unknown> }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text: pages } = await extractText(document, { mergePages: false });
  const { info } = await getMeta(document);
  return { text: pages.join('\n'), pages, info: info as Record<string, unknown> };
}

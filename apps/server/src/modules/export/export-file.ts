/** An export as downloaded or attached to a mail. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A file as the bench servers upload it through `POST /api/s3/upload`. */
export interface UploadedFile {
  title: string;
  comment?: string;
  documentType: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The multipart body of an upload of `file` into the project, and its content type. */
export function uploadBody(projectId: number, file: UploadedFile): { payload: Buffer; contentType: string } {
  const boundary = 'bauakte-bench-upload';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('projectId', String(projectId)) +
        field('fileName', file.title) +
        field('comment', file.comment ?? '') +
        field('documentType', file.documentType) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

import { samplePdf } from './sample-files';
/** A multipart/form-data body as a browser's FormData sends it, in the order given. */
export async function multipartBody(
  parts: Array<[string, string] | [string, { name: string; bytes: Buffer; type?: string }]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** The upload form of a plan as the upload dialog sends it: a PDF by default, a new version with `replaces`. */
export function planUploadBody(fields: { projectId: number; fileName?: string; replaces?: number | string; name?: string; bytes?: Buffer }) {
  const name = fields.name ?? 'grundriss.pdf';
  return multipartBody([
    ['projectId', String(fields.projectId)],
    ['fileName', fields.fileName ?? 'Grundriss EG'],
    ['comment', ''],
    ['documentType', name.endsWith('.png') ? 'PNG' : 'PDF'],
    ...(fields.replaces === undefined ? [] : ([['replaces', String(fields.replaces)]] as Array<[string, string]>)),
    ['file', { name, bytes: fields.bytes ?? samplePdf() }],
  ]);
}

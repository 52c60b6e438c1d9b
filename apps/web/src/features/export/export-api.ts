import { exportFileName, type ExportFormat } from '@bauakte/domain/labels';
import type { SendExportResponse } from '@bauakte/domain/schemas';
import { apiDownload, apiRequest } from '../../lib/api';

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

/** GET /api/export/{pdf|json}/{projectId}: the file, named as the server says (after the project), else projekt_{id} (spec section 9). */
export async function downloadExport(projectId: string, format: ExportFormat, signal?: AbortSignal): Promise<ExportFile> {
  const file = await apiDownload(`/export/${format}/${encodeURIComponent(projectId)}`, { signal });
  return { blob: file.blob, fileName: file.fileName ?? exportFileName({ id: Number(projectId), name: '' }, format) };
}

/** POST /api/email/send-{pdf|json}: the server mails the export as an attachment to the address. */
export function sendExport(projectId: string, format: ExportFormat, email: string): Promise<SendExportResponse> {
  return apiRequest<SendExportResponse>(`/email/send-${format}`, { method: 'POST', body: { email, projectId: Number(projectId) } });
}

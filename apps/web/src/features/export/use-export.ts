import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '@bauakte/domain/labels';
import { downloadExport, sendExport } from './export-api';
import { saveFile } from '../../lib/save-file';

export type ExportDelivery = 'download' | 'email';

export type ExportRequest = { projectId: string; format: ExportFormat } & ({ delivery: 'download' } | { delivery: 'email'; email: string });

export type ExportOutcome = { delivery: 'download'; fileName: string } | { delivery: 'email'; email: string };

async function runExport(request: ExportRequest, signal: AbortSignal): Promise<ExportOutcome> {
  if (request.delivery === 'email') {
    const answer = await sendExport(request.projectId, request.format, request.email);
    return { delivery: 'email', email: answer.email };
  }
  const file = await downloadExport(request.projectId, request.format, signal);
  saveFile(file.blob, file.fileName);
  return { delivery: 'download', fileName: file.fileName };
}

/**
 * One export at a time. Leaving (the modal closes) stops a running download, so no file is saved
 * after the user turned away; a mail once asked for cannot be recalled and is left to finish.
 */
export function useExport() {
  const controller = useRef<AbortController | null>(null);
  const [running, setRunning] = useState<ExportDelivery | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: ExportRequest): Promise<ExportOutcome> => {
    const current = new AbortController();
    controller.current = current;
    setRunning(request.delivery);
    try {
      return await runExport(request, current.signal);
    } finally {
      controller.current = null;
      setRunning(null);
    }
  }, []);

  return { running, start };
}

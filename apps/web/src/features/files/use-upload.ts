import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { uploadProjectFile, type UploadRequest } from '../../platform/uploads/upload-request';

/** The share sent as a whole percentage. */
const percentOf = (share: number | null) => (share === null ? null : Math.min(100, Math.max(0, Math.round(share * 100))));

/**
 * One upload at a time with its progress: `percent` is undefined without a transfer, null while the
 * size is unknown. Leaving (the modal closes) cancels a running transfer.
 */
export function useUpload() {
  const controller = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null | undefined>(undefined);
  const [running, setRunning] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: UploadRequest): Promise<ProjectFile> => {
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    setPercent(null);
    try {
      const file = await uploadProjectFile(request, { signal: current.signal, onProgress: (share) => setPercent(percentOf(share)) });
      setPercent(100);
      return file;
    } catch (error) {
      setPercent(undefined);
      throw error;
    } finally {
      controller.current = null;
      setRunning(false);
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { percent, running, start, cancel };
}

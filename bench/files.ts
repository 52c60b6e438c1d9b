// Upload throughput against a plain node:http pipe-to-file in the same run, the server's memory
// while it receives, and the latency of listing a project with many files.
import fs from 'node:fs';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';

const mib = 1024 * 1024;
const boundary = 'bauakte-bench-boundary';

/** The resident memory of a process, in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export interface UploadTarget {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** Bytes sent before and after the file's content (multipart framing), if any. */
  framing?: { head: Buffer; tail: Buffer };
}

/** The multipart framing of one PDF upload into a project, as the web app sends it. */
export function multipartFraming(projectId: number): { head: Buffer; tail: Buffer; contentType: string } {
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('projectId', String(projectId)) +
      field('fileName', 'Bench') +
      field('documentType', 'PDF') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  return { head, tail: Buffer.from(`\r\n--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends `bytes` of content in 1 MiB chunks (never all in memory) and answers the seconds it took. */
export async function timeUpload(target: UploadTarget, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(mib, 0x20);
  const head = target.framing?.head ?? Buffer.alloc(0);
  const tail = target.framing?.tail ?? Buffer.alloc(0);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: target.port,
      path: target.path,
      method: 'POST',
      headers: { ...target.headers, 'content-length': String(head.length + bytes + tail.length) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 201 ? resolve() : reject(new Error(`upload answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const piece = left >= mib ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      request.end(tail);
    };
    request.write(head);
    write();
  });
  return (performance.now() - started) / 1000;
}

/** The largest growth of a process's memory over its level before, sampled every 20 ms while work runs. */
export async function peakGrowth<T>(child: ChildProcess, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const pid = child.pid!;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  try {
    const result = await work();
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

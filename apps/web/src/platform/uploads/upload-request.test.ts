import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, setUnauthorizedListener } from '../../lib/api';
import { stubXhr } from '../../test/xhr-stub';
import { UploadCancelledError, uploadProjectFile, type UploadRequest } from './upload-request';

const stored = {
  id: 34, url: '/api/s3/download/12/34?expires=1&signature=x', thumbnailUrl: null, pageCount: null, pagesUrl: null, name: 'Grundriss EG', comment: '', documentType: 'PDF',
  contentType: 'application/pdf', size: 2048, originalName: 'grundriss.pdf', uploadedBy: 'klara', uploadedByName: 'Klara Kundin', uploadedAt: '2026-11-22T13:05:00.000Z',
};

const request = (overrides: Partial<UploadRequest> = {}): UploadRequest => ({
  projectId: '12',
  fileName: 'Grundriss EG',
  comment: 'Stand November',
  documentType: 'PDF',
  file: new File(['%PDF-1.4'], 'grundriss.pdf', { type: 'application/pdf' }),
  ...overrides,
});

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', 'abc.def.ghi');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedListener(undefined);
});

describe('uploadProjectFile', () => {
  it('posts the fields first and the file last, with projectId in the query and the Bearer token', async () => {
    const xhr = stubXhr();
    const upload = uploadProjectFile(request());
    const sent = xhr.last();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/s3/upload?projectId=12');
    expect(sent.headers.authorization).toBe('Bearer abc.def.ghi');
    expect(sent.fields()).toEqual([
      ['projectId', '12'],
      ['fileName', 'Grundriss EG'],
      ['comment', 'Stand November'],
      ['documentType', 'PDF'],
      ['file', 'file:grundriss.pdf'],
    ]);
    sent.respond(201, stored);
    await expect(upload).resolves.toEqual(stored);
  });

  it('sends an empty comment and the spelling of the extension (JPG, not JPEG)', async () => {
    const xhr = stubXhr();
    const upload = uploadProjectFile(request({ comment: '', documentType: 'JPG', file: new File(['x'], 'foto.JPG', { type: 'image/jpeg' }) }));
    expect(xhr.last().fields()).toContainEqual(['comment', '']);
    expect(xhr.last().fields()).toContainEqual(['documentType', 'JPG']);
    xhr.last().respond(201, stored);
    await upload;
  });

  it('reports the share sent, and null while the browser cannot tell', async () => {
    const xhr = stubXhr();
    const progress: (number | null)[] = [];
    const upload = uploadProjectFile(request(), { onProgress: (share) => progress.push(share) });
    xhr.last().progress(0, 0, false);
    xhr.last().progress(21, 50);
    xhr.last().progress(50, 50);
    expect(progress).toEqual([null, 0.42, 1]);
    xhr.last().respond(201, stored);
    await upload;
  });

  it('aborts the transfer when the signal is aborted and rejects as cancelled', async () => {
    const xhr = stubXhr();
    const controller = new AbortController();
    const upload = uploadProjectFile(request(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(UploadCancelledError);
    expect(xhr.last().aborted).toBe(true);
  });

  it('does not start when the signal is already aborted', async () => {
    const xhr = stubXhr();
    const controller = new AbortController();
    controller.abort();
    await expect(uploadProjectFile(request(), { signal: controller.signal })).rejects.toBeInstanceOf(UploadCancelledError);
    expect(xhr.requests).toHaveLength(0);
  });

  it("turns an error answer into the ApiError apiRequest gives, with the server's message, code and issues", async () => {
    const xhr = stubXhr();
    const upload = uploadProjectFile(request());
    xhr.last().respond(400, {
      message: 'Die Eingaben sind ungültig.',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body/fileName', message: 'Bitte geben Sie einen Titel ein.' }],
    });
    const error = await upload.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', issues: [{ path: 'body/fileName', message: 'Bitte geben Sie einen Titel ein.' }] });
  });

  it('reads a throttled answer’s Retry-After header', async () => {
    const xhr = stubXhr();
    const upload = uploadProjectFile(request());
    xhr.last().respond(429, { message: 'Zu viele Versuche.', code: 'TOO_MANY_ATTEMPTS' }, { 'Retry-After': '120' });
    await expect(upload).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 });
  });

  it('ends the session on 401 like apiRequest, and not on other refusals', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    const xhr = stubXhr();
    const refused = uploadProjectFile(request());
    xhr.last().respond(403, { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();

    const unauthorized = uploadProjectFile(request());
    xhr.last().respond(401, { message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' });
    await expect(unauthorized).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('sends no token when none is stored, and then a 401 does not end a session', async () => {
    sessionStorage.clear();
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    const xhr = stubXhr();
    const upload = uploadProjectFile(request());
    expect(xhr.last().headers.authorization).toBeUndefined();
    xhr.last().respond(401, '');
    await expect(upload).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('rejects with a NetworkError when no answer comes', async () => {
    const xhr = stubXhr();
    const upload = uploadProjectFile(request());
    xhr.last().fail();
    await expect(upload).rejects.toBeInstanceOf(NetworkError);
  });
});

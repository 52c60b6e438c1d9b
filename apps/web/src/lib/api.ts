import { fileNameOfDisposition } from './content-disposition';
import { storageKeys } from './storage-keys';

/** The API base comes from the build setting VITE_API_BASE and defaults to /api (spec section 7). */
export const apiBase: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** The server answered, with a status outside 200–299. */
export interface ApiFieldIssue {
  /** e.g. 'body/constructionYear' */
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's German message, when it sent one. */
    readonly serverMessage: string | undefined,
    readonly code: string | undefined,
    /** Per-field messages of a 400 answer, to show beside the fields. */
    readonly issues: ApiFieldIssue[] = [],
    /** A throttled answer's Retry-After header: how long until another try may succeed. */
    readonly retryAfterSeconds?: number,
    /** The error answer's whole body, for answers that say more (e.g. what a save conflicts with). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** No answer at all: network down, server unreachable. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

/** revoked: the server ended the session (SESSION_REVOKED); else it ran out or is unknown. */
type UnauthorizedListener = (refusal: { revoked: boolean }) => void;
let onUnauthorized: UnauthorizedListener | undefined;

/** The session registers here to end itself when the server no longer accepts the token. */
export function setUnauthorizedListener(listener: UnauthorizedListener | undefined): void {
  onUnauthorized = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send without the stored token (login, registration, password reset). */
  anonymous?: boolean;
  /** Further request headers, e.g. If-Match. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The stored login token, sent as Bearer: also by the upload, which needs XMLHttpRequest for its progress. */
export function storedToken(): string | null {
  return sessionStorage.getItem(storageKeys.token);
}

/** A refused token ends the session; only a request that sent one can say so. */
export function reportUnauthorized(status: number, sentToken: boolean, code?: string): void {
  if (status === 401 && sentToken) onUnauthorized?.({ revoked: code === 'SESSION_REVOKED' });
}

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Retry-After in seconds; the HTTP-date form is not used by our server and counts as unknown. */
function retryAfterOf(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

/** The ApiError of an error answer: its status, body text and Retry-After header, however it was fetched. */
export function apiErrorOf(status: number, bodyText: string, retryAfter: string | null): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const issues = Array.isArray(body.issues)
    ? body.issues.flatMap((issue: unknown) => {
        const { path, message } = (issue ?? {}) as Record<string, unknown>;
        return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
      })
    : [];
  return new ApiError(status, textOf(body.message), textOf(body.code), issues, retryAfterOf(retryAfter), body);
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorOf(response.status, text, response.headers.get('retry-after'));
}

/** Sends a request with the stored Bearer token; an answer outside 200–299 becomes an ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept };
  const token = storedToken();
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
      signal: options.signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const error = await readError(response);
    reportUnauthorized(response.status, Boolean(token) && !options.anonymous, error.code);
    throw error;
  }
  return response;
}

/** An answer's JSON with its headers (e.g. a questionnaire step's ETag). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

/** Like apiRequest, for callers that also read the answer's headers. */
export async function apiRequestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** Calls the API with the stored Bearer token; JSON in, JSON out. Throws ApiError or NetworkError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave in Content-Disposition, when it gave one. */
  fileName: string | undefined;
}

/**
 * A file only the Bearer token opens (a plain link cannot send it, e.g. an export): its bytes and
 * the name the server chose. Throws ApiError or NetworkError, as apiRequest does.
 */
export async function apiDownload(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<DownloadedFile> {
  const response = await send(path, options, '*/*');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The connection broke while the body came in.
    throw new NetworkError(error);
  }
  return { blob, fileName: fileNameOfDisposition(response.headers.get('content-disposition')) };
}

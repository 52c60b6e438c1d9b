import { ApiError } from './api';

export interface ErrorTexts {
  /** The server answered with an error but sent no message of its own. */
  failed: string;
  /** No answer at all (or something failed before one could be read). */
  network: string;
}

/** The pattern of spec section 8: the server's message if present, else a fixed text per case. */
export function errorMessage(error: unknown, texts: ErrorTexts): string {
  if (error instanceof ApiError) return error.serverMessage ?? texts.failed;
  return texts.network;
}

/** The server's German message when it sent one; a detail line under a fixed spec text. */
export function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** A fixed spec text followed by the server's reason when there is one, e.g. 'Fehler beim Löschen Der letzte …'. */
export function withServerDetail(text: string, error: unknown): string {
  const detail = serverDetail(error);
  return detail ? `${text} ${detail}` : text;
}

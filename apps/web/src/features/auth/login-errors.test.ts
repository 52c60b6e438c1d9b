import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { loginErrorMessage } from './login-errors';

describe('loginErrorMessage', () => {
  it('shows the fixed text for 401, whatever the server said', () => {
    expect(loginErrorMessage(new ApiError(401, 'anything', 'INVALID_CREDENTIALS'))).toBe('Benutzername oder Passwort ist falsch.');
  });

  it("shows the server's message for other errors, or 'Ein Fehler ist aufgetreten.'", () => {
    expect(loginErrorMessage(new ApiError(429, 'Zu viele Versuche.', 'TOO_MANY_ATTEMPTS'))).toBe('Zu viele Versuche.');
    expect(loginErrorMessage(new ApiError(500, undefined, undefined))).toBe('Ein Fehler ist aufgetreten.');
  });

  it('prefixes network failures with the German network text', () => {
    expect(loginErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe('Netzwerkfehler oder unbekannter Fehler: Failed to fetch');
  });
});

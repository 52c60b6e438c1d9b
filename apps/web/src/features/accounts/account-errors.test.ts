import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { forgotPasswordErrorMessage, registerErrorMessage, resetPasswordErrorMessage } from './account-errors';

const withMessage = new ApiError(400, 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', 'TOKEN_INVALID');
const withoutMessage = new ApiError(500, undefined, undefined);
const offline = new NetworkError(new TypeError('Failed to fetch'));

describe('account error messages (spec section 8)', () => {
  it.each([
    ['registration', registerErrorMessage, 'Registrierung fehlgeschlagen.', 'Serverfehler! Bitte versuche es später erneut.'],
    ['forgot password', forgotPasswordErrorMessage, 'Fehler beim Senden der E-Mail.', 'Netzwerkfehler oder unbekannter Fehler'],
    ['reset password', resetPasswordErrorMessage, 'Fehler beim Zurücksetzen des Passworts.', 'Serverfehler! Bitte versuche es später erneut.'],
  ])('%s: server message, else its own text, else the no-answer text', (_name, map, failed, network) => {
    expect(map(withMessage)).toBe(withMessage.serverMessage);
    expect(map(withoutMessage)).toBe(failed);
    expect(map(offline)).toBe(network);
  });
});

import { errorMessage } from '../../lib/error-message';
import { de } from '../../i18n/de';

/** Registration: the server's message, else 'Registrierung fehlgeschlagen.'; no answer: 'Serverfehler! …'. */
export function registerErrorMessage(error: unknown): string {
  return errorMessage(error, { failed: de.register.failed, network: de.register.serverError });
}

/** Forgot password: the server's message, else 'Fehler beim Senden der E-Mail.'; no answer: the network text. */
export function forgotPasswordErrorMessage(error: unknown): string {
  return errorMessage(error, { failed: de.forgotPassword.failed, network: de.forgotPassword.networkError });
}

/** Reset password: the server's message, else 'Fehler beim Zurücksetzen des Passworts.'; no answer: 'Serverfehler! …'. */
export function resetPasswordErrorMessage(error: unknown): string {
  return errorMessage(error, { failed: de.resetPassword.failed, network: de.resetPassword.serverError });
}

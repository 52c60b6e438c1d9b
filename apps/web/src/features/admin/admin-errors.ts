import { errorMessage } from '../../lib/error-message';
import { de } from '../../i18n/de';

/** Create user (spec section 8): the server's text, else 'Fehler beim Erstellen', without an answer 'Netzwerkfehler'. */
export function createUserErrorMessage(error: unknown): string {
  return errorMessage(error, { failed: de.admin.createUser.failed, network: de.admin.networkError });
}

/** Add member (spec section 8): the server's text, else 'Fehler beim Hinzufügen', without an answer 'Netzwerkfehler'. */
export function addMemberErrorMessage(error: unknown): string {
  return errorMessage(error, { failed: de.admin.addMember.failed, network: de.admin.networkError });
}


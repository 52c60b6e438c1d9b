import { ApiError } from '../../lib/api';
import { withServerDetail } from '../../lib/error-message';
import { de } from '../../i18n/de';

/** The server created the customer but could not mail the invitation (502 MAIL_FAILED). */
export function isMailFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'MAIL_FAILED';
}

/** 'Fehler beim Erstellen des Benutzers' plus the server's reason; a failed mail says the customer exists. */
export function createCustomerErrorMessage(error: unknown): string {
  if (isMailFailure(error)) return de.customers.create.mailFailed;
  if (error instanceof ApiError) return withServerDetail(de.customers.create.failed, error);
  return `${de.customers.create.failed} (${de.customers.create.networkError})`;
}


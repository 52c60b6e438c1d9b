import { ApiError, NetworkError } from '../../lib/api';
import { de } from '../../i18n/de';

/** The login error texts of spec section 8. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return de.login.wrongCredentials;
    return error.serverMessage ?? de.login.genericError;
  }
  const text = error instanceof NetworkError || error instanceof Error ? error.message : String(error);
  return `${de.login.networkErrorPrefix}${text}`;
}

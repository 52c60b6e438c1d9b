import { loginRequestSchema, requestObject, secretString } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { schemaResolver } from '../../lib/form-messages';

/**
 * The login form (spec section 5): both fields required. The username rule is the server's; the
 * password only needs to be there, so the form asks for it in German before the server's own limits.
 */
export const loginFormSchema = requestObject({
  username: loginRequestSchema.shape.username,
  password: secretString().min(1, de.login.passwordRequired).pipe(loginRequestSchema.shape.password),
  remember: loginRequestSchema.shape.remember,
});

export const loginFormResolver = schemaResolver(loginFormSchema);

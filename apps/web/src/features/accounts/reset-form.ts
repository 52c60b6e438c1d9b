import { personalWords } from '@bauakte/domain/labels';
import { requestObject, resetPasswordRequestSchema, secretString, type ResetInfo } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { weakPasswordMessage } from '../../lib/password-rules';

export const resetFormDefaults = { password: '', confirmPassword: '' };

export function resetWords(info: ResetInfo): string[] {
  return personalWords({ username: info.username, email: info.email });
}

/**
 * Spec section 5: both fields required and equal ('Passwörter stimmen nicht überein!'); the server's
 * length rule, and a guessable password refused. Its output is the POST /api/reset-password payload.
 */
export function resetFormSchema(info: ResetInfo) {
  return requestObject({
    password: secretString().min(1, de.forms.passwordRequired).pipe(resetPasswordRequestSchema.shape.password),
    confirmPassword: secretString(),
  })
    .superRefine(async (values, context) => {
      if (values.confirmPassword !== values.password) {
        context.addIssue({ code: 'custom', path: ['confirmPassword'], message: de.forms.passwordMismatch });
      }
      const weak = await weakPasswordMessage(values.password, resetWords(info));
      if (weak) context.addIssue({ code: 'custom', path: ['password'], message: weak });
    })
    .transform(({ password }) => ({ password }));
}

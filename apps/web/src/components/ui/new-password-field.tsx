import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import type { TextFieldProps } from './text-field';

interface NewPasswordFieldProps extends Omit<TextFieldProps, 'type' | 'hint'> {
  /** The field's current text, for the meter. */
  password: string;
  userInputs: readonly string[];
}

/** A new password with its strength meter underneath, linked to the field as its description. */
export function NewPasswordField({ password, userInputs, ...props }: NewPasswordFieldProps) {
  return <PasswordField autoComplete="new-password" {...props} hint={<PasswordStrengthMeter password={password} userInputs={userInputs} />} />;
}

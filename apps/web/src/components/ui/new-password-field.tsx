import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import type { TextFieldProps } from './text-field';
import type { FieldBinding } from './form-field';

interface NewPasswordFieldProps extends Omit<TextFieldProps, 'type' | 'hint'> {
  /** The field's current text, for the meter. */
  password: string;
  userInputs: readonly string[];
}

/** A new password with its strength meter underneath, linked to the field as its description. */
export function NewPasswordField({ password, userInputs, ...props }: NewPasswordFieldProps) {
  return <PasswordField autoComplete="new-password" {...props} hint={<PasswordStrengthMeter password={password} userInputs={userInputs} />} />;
}

interface NewPasswordFieldsProps {
  /** The fields' ids are this prefix with '-password' and '-confirm-password'. */
  idPrefix: string;
  labels: { password: string; confirm: string };
  /** The new password as typed, for the meter. */
  password: string;
  userInputs: readonly string[];
  fields: { password: FieldBinding; confirm: FieldBinding };
}

/** A new password and its repetition, both required (registration, reset). */
export function NewPasswordFields({ idPrefix, labels, password, userInputs, fields }: NewPasswordFieldsProps) {
  return (
    <>
      <NewPasswordField id={`${idPrefix}-password`} label={labels.password} required password={password} userInputs={userInputs} {...fields.password} />
      <PasswordField id={`${idPrefix}-confirm-password`} label={labels.confirm} required autoComplete="new-password" {...fields.confirm} />
    </>
  );
}

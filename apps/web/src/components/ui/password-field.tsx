import { TextField, type TextFieldProps } from './text-field';

/** A password input; a new password takes NewPasswordField, which adds the strength meter. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoCapitalize="none" spellCheck={false} {...props} />;
}

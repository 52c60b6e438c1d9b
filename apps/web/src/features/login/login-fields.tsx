import type { ChangeEvent, ComponentProps, FormEventHandler, PointerEventHandler } from 'react';
import { Link } from 'react-router';
import { isUsernameInput } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { CardContent, CardFooter } from '../../components/ui/card';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { PasswordField } from '../../components/ui/password-field';
import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import { deStart as de } from '../../i18n/de-start';

/** The login form's text fields. */
export type LoginField = 'username' | 'password';

/** What the login page's early form (app/start/early-login-form.tsx) hands the full one: the entries, the field with the focus, a submit asked for. */
export interface EarlyInput {
  username: string;
  password: string;
  remember: boolean;
  focused: LoginField | undefined;
  submitted: boolean;
}

/** What one of the login form's inputs takes besides its id and label. */
export type LoginInput = Omit<TextFieldProps, 'id' | 'label'>;

/** The opt-in checkbox's props besides its id (the early form's plain ones, or the full form's registration). */
export type LoginCheckbox = Omit<ComponentProps<'input'>, 'type' | 'id'>;

export interface LoginFieldsProps {
  username: LoginInput;
  password: LoginInput;
  /** 'Auf diesem Gerät angemeldet bleiben', off by default. */
  remember: LoginCheckbox;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The early form notes a press, so that the full one does not replace it before the press ends. */
  onPointerDown?: PointerEventHandler<HTMLFormElement>;
  busy: boolean;
  error: string | undefined;
  /** The account was just registered: the page says so. */
  registered: boolean;
  /** The server refused this remembered device: the page says it was signed out here. */
  signedOut?: boolean;
}

/** The fields' ids: the form that takes over from the early one finds the input that had the focus. */
export const loginFieldIds = { username: 'login-username', password: 'login-password', remember: 'login-remember' } as const;

/**
 * The username entry to keep after a change: only letters and digits, any other character is
 * ignored and the entry stays as it was. While a dead key composes 'é' the field briefly holds the
 * bare accent: that is let through to finish.
 */
export function acceptedUsername(event: ChangeEvent<HTMLInputElement>, accepted: string): string {
  const { value } = event.target;
  if ((event.nativeEvent as InputEvent).isComposing || isUsernameInput(value)) return value;
  return accepted;
}

/** The login form as the user sees it (spec section 5), for the early form and the full one alike. */
export function LoginFields({ username, password, remember, onSubmit, onPointerDown, busy, error, registered, signedOut = false }: LoginFieldsProps) {
  return (
    <form onSubmit={onSubmit} onPointerDown={onPointerDown} noValidate>
      <CardContent className="flex flex-col gap-4">
        {registered ? <StatusMessage>{de.login.registered}</StatusMessage> : null}
        {signedOut ? <StatusMessage>{de.login.signedOutHere}</StatusMessage> : null}
        <RequiredLegend />
        <TextField
          id={loginFieldIds.username}
          label={de.login.username}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={<span className="sr-only">{de.login.usernameHint}</span>}
          {...username}
        />
        <PasswordField id={loginFieldIds.password} label={de.login.password} required autoComplete="current-password" {...password} />
        <div className="flex items-start gap-2">
          <Checkbox id={loginFieldIds.remember} aria-describedby={`${loginFieldIds.remember}-hint`} className="mt-0.5" {...remember} />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={loginFieldIds.remember} className="text-sm font-medium">
              {de.login.remember}
            </label>
            <span id={`${loginFieldIds.remember}-hint`} className="text-xs text-muted-foreground">
              {de.login.rememberHint}
            </span>
          </div>
        </div>
        <FormError>{error}</FormError>
      </CardContent>
      <CardFooter className="flex flex-col gap-3">
        <Button type="submit" className="w-full" busy={busy}>
          {de.login.submit}
        </Button>
        <Link to="/forgotPassword" className="text-sm text-primary underline-offset-4 hover:underline">
          {de.login.forgotPassword}
        </Link>
      </CardFooter>
    </form>
  );
}

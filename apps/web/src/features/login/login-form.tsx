import { useEffect, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useController, type Control, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginRequest } from '@bauakte/domain/schemas';
import { errorText, loginErrorContext } from '../../lib/api-errors';
import { useServerForm } from '../../platform/actions/use-server-form';
import { deStart as de } from '../../i18n/de-start';
import { login } from '../../platform/session/auth-api';
import { pathAfterLogin } from '../../platform/session/home-path';
import { acceptedUsername, loginFieldIds, LoginFields, type EarlyInput } from './login-fields';
import { useSession } from '../../platform/session/session-context';

/**
 * The form's rules come with the schema library, which the first route need not carry nor the form
 * wait for: they load as soon as it stands, long before anyone can have submitted. Should they fail to
 * load, the form says so as it would for a login without an answer.
 */
const loadResolver = () => import('./login-rules').then((module) => module.loginFormResolver);

const loginResolver: Resolver<LoginRequest> = async (values, context, options) => {
  try {
    return await (await loadResolver())(values, context, options);
  } catch (failure) {
    return { values: {}, errors: { root: { server: { type: 'network', message: errorText(failure, loginErrorContext) } } } };
  }
};

/** The username is controlled: a character other than a letter or digit never shows. */
function useUsernameInput(control: Control<LoginRequest>, onType: () => void) {
  const { field, fieldState } = useController({ control, name: 'username' });
  // The entry last typed and kept; until then the field's value, which may come from the early form.
  const accepted = useRef<string>(undefined);
  return {
    name: field.name,
    ref: field.ref,
    value: field.value,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = acceptedUsername(event, accepted.current ?? field.value);
      field.onChange(value);
      if ((event.nativeEvent as InputEvent).isComposing || value !== event.target.value) return;
      accepted.current = value;
      onType();
    },
  };
}

export interface LoginFormProps {
  early: EarlyInput;
  /** The page asked for before login, where the user goes after it. */
  requested: string | undefined;
  registered: boolean;
  signedOut: boolean;
}

/**
 * The login form with its code (react-hook-form through useServerForm), which takes over from the
 * early form (early-login-form.tsx) with what was typed there, the focus, and a submit asked for.
 */
export function LoginForm({ early, requested, registered, signedOut }: LoginFormProps) {
  const { startSession } = useSession();
  const navigate = useNavigate();
  const { form, onSubmit, busy, error, clearError, field } = useServerForm({
    resolver: loginResolver,
    defaultValues: { username: early.username, password: early.password, remember: early.remember },
    submit: login,
    errors: loginErrorContext,
    onSuccess: (answer, values) => {
      if (!answer.token) {
        console.error(de.login.missingToken);
        return;
      }
      const next = startSession(answer.token, values.remember === true);
      if (next) void navigate(pathAfterLogin(next.roles, requested), { replace: true });
    },
  });
  const username = useUsernameInput(form.control, clearError);

  // Before the browser handles another key press: what was typed since this form rendered.
  useLayoutEffect(() => {
    form.setValue('username', early.username);
    form.setValue('password', early.password);
    form.setValue('remember', early.remember);
    // Just registered: the username is already there, so the password is what is left to type.
    const focus = early.focused ?? (registered ? 'password' : undefined);
    const input = focus && document.getElementById(loginFieldIds[focus]);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    if (early.submitted) void onSubmit();
    // Once, when this form takes over.
  }, []);
  useEffect(() => void loadResolver().catch(() => undefined), []);

  return (
    <LoginFields
      username={username}
      password={field('password', { onChange: clearError })}
      remember={form.register('remember')}
      onSubmit={onSubmit}
      busy={busy}
      error={error}
      registered={registered}
      signedOut={signedOut}
    />
  );
}

import { useEffect, useRef } from 'react';
import { useController, type Control, type Resolver } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { isUsernameInput, type LoginRequest } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { CardContent, CardFooter } from '../../components/ui/card';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { PublicPage } from '../../components/public-page';
import { errorText, loginErrorContext } from '../../lib/api-errors';
import { useServerForm } from '../../lib/use-server-form';
import { deStart as de } from '../../i18n/de-start';
import { useDocumentTitle } from '../../lib/use-document-title';
import { login } from './auth-api';
import { pathAfterLogin } from './home-path';
import { readLoginState } from './login-state';
import { useSession } from './session-context';

/**
 * The form's rules come with the schema library (some 25 KiB gzip), which the first route need not
 * wait for: they load as soon as the page stands, long before anyone can have typed and submitted.
 * Should they fail to load, the form says so as it would for a login without an answer.
 */
const loadResolver = () => import('./login-form').then((module) => module.loginFormResolver);

const loginResolver: Resolver<LoginRequest> = async (values, context, options) => {
  try {
    return await (await loadResolver())(values, context, options);
  } catch (failure) {
    return { values: {}, errors: { root: { server: { type: 'network', message: errorText(failure, loginErrorContext) } } } };
  }
};

function UsernameField({ control, onType }: { control: Control<LoginRequest>; onType(): void }) {
  const { field, fieldState } = useController({ control, name: 'username' });
  const accepted = useRef(field.value);
  return (
    <TextField
      id="login-username"
      label={de.login.username}
      required
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={<span className="sr-only">{de.login.usernameHint}</span>}
      error={fieldState.error?.message}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onBlur={field.onBlur}
      onChange={(event) => {
        const { value } = event.target;
        // While a dead key composes 'é' the field briefly holds the bare accent: let it finish.
        if ((event.nativeEvent as InputEvent).isComposing) return field.onChange(value);
        // Only letters and digits: any other character is ignored and the entry stays as it was.
        if (!isUsernameInput(value)) return field.onChange(accepted.current);
        accepted.current = value;
        field.onChange(value);
        onType();
      }}
    />
  );
}

export function LoginPage() {
  const { user, startSession } = useSession();
  const navigate = useNavigate();
  const { from: requested, registeredUsername } = readLoginState(useLocation().state);
  const { form, onSubmit, busy, error, clearError, field } = useServerForm({
    resolver: loginResolver,
    defaultValues: { username: registeredUsername ?? '', password: '' },
    submit: login,
    errors: loginErrorContext,
    onSuccess: (answer) => {
      if (!answer.token) {
        console.error(de.login.missingToken);
        return;
      }
      const next = startSession(answer.token);
      if (next) void navigate(pathAfterLogin(next.roles, requested), { replace: true });
    },
  });
  useEffect(() => void loadResolver().catch(() => undefined), []);
  // Just registered: the username is already there, so the password is what is left to type.
  useEffect(() => {
    if (registeredUsername) form.setFocus('password');
  }, [form, registeredUsername]);
  useDocumentTitle(de.documentTitles.login);

  if (user) return <Navigate to={pathAfterLogin(user.roles, requested)} replace />;

  return (
    <PublicPage title={de.login.title} intro={de.login.subtitle}>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="flex flex-col gap-4">
          {registeredUsername ? <StatusMessage>{de.login.registered}</StatusMessage> : null}
          <RequiredLegend />
          {/* Spec section 5: typing in either field clears the displayed error. */}
          <UsernameField control={form.control} onType={clearError} />
          <PasswordField
            id="login-password"
            label={de.login.password}
            required
            autoComplete="current-password"
            {...field('password', { onChange: clearError })}
          />
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
    </PublicPage>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { deStart as de } from '../../i18n/de-start';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EarlyLoginForm, earlyInput, pressOnEarlyFormEnded } from './early-login-form';
import { pathAfterLogin } from './home-path';
import { readLoginState } from './login-state';
import { useSession } from './session-context';

/**
 * The form's code (react-hook-form, some 12 KiB gzip) is not part of the first route: it loads while
 * the page already stands, with the same fields as plain inputs meanwhile (early-login-form.tsx).
 * The full form replaces the early one only when no press on it is going on, so that a Login pressed
 * just then is not lost. Should it fail to load, the early form stays and says so when Login is pressed.
 */
let formCodeLoading: Promise<typeof import('./login-form')> | undefined;
const formCode = () => (formCodeLoading ??= import('./login-form'));
const LoginForm = lazy(() =>
  formCode().then(
    async (module) => {
      // A press on the early form ends there as its click; the swap waits for it.
      await pressOnEarlyFormEnded();
      return { default: module.LoginForm };
    },
    () => new Promise<never>(() => undefined),
  ),
);

export function LoginPage() {
  const { user } = useSession();
  const { from: requested, registeredUsername } = readLoginState(useLocation().state);
  const [early] = useState(() => earlyInput(registeredUsername));
  useDocumentTitle(de.documentTitles.login);

  if (user) return <Navigate to={pathAfterLogin(user.roles, requested)} replace />;

  const registered = Boolean(registeredUsername);
  return (
    <PublicPage title={de.login.title} intro={de.login.subtitle}>
      <Suspense fallback={<EarlyLoginForm early={early} registered={registered} formCode={formCode()} />}>
        <LoginForm early={early} requested={requested} registered={registered} />
      </Suspense>
    </PublicPage>
  );
}

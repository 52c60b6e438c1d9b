import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { deStart as de } from '../../i18n/de-start';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EarlyLoginForm, earlyInput, pressOnEarlyFormEnded } from './early-login-form';
import { pathAfterLogin } from '../../platform/session/home-path';
import type { LoginForm as FullLoginForm } from '../../features/login/login-form';
import { readLoginState } from '../../platform/session/login-state';
import { useSession } from '../../platform/session/session-context';
import { signedOutNoted } from '../../lib/remembered-session';


/**
 * The form's code (react-hook-form) is not part of the first route, so the page paints sooner: it loads while
 * the page already stands, with the same fields as plain inputs meanwhile (early-login-form.tsx).
 * Should it fail to load, the early form stays and says so when Login is pressed.
 */
let formCodeLoading: Promise<typeof import('../../features/login/login-form')> | undefined;
const formCode = () => (formCodeLoading ??= import('../../features/login/login-form'));
/** The full form once its code has come: a later visit to the login page starts with it. */
let loadedForm: typeof FullLoginForm | undefined;

/**
 * The full form, once its code is there and no press on the early form is going on. It replaces the
 * early one at once (flushSync), in the task that saw no press: left to React's scheduling, the swap
 * could fall into a press begun meanwhile and swallow that Login.
 */
function useFullForm(): typeof FullLoginForm | undefined {
  const [form, setForm] = useState(() => loadedForm);
  useEffect(() => {
    if (form) return;
    let shown = true;
    formCode().then(
      async (module) => {
        loadedForm = module.LoginForm;
        await pressOnEarlyFormEnded();
        if (shown) flushSync(() => setForm(() => module.LoginForm));
      },
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [form]);
  return form;
}

export function LoginPage() {
  const { user } = useSession();
  const { from: requested, registeredUsername } = readLoginState(useLocation().state);
  const [early] = useState(() => earlyInput(registeredUsername));
  const [signedOut] = useState(signedOutNoted);
  const FullForm = useFullForm();
  useDocumentTitle(de.documentTitles.login);

  if (user) return <Navigate to={pathAfterLogin(user.roles, requested)} replace />;

  const registered = Boolean(registeredUsername);
  return (
    <PublicPage title={de.login.title} intro={de.login.subtitle}>
      {FullForm ? (
        <FullForm early={early} requested={requested} registered={registered} signedOut={signedOut} />
      ) : (
        <EarlyLoginForm early={early} registered={registered} signedOut={signedOut} formCode={formCode()} />
      )}
    </PublicPage>
  );
}

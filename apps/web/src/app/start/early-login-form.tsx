import { useState } from 'react';
import { errorText, loginErrorContext } from '../../lib/api-errors';
import { acceptedUsername, LoginFields, type EarlyInput, type LoginField, type LoginInput } from '../../features/login/login-fields';

export function earlyInput(registeredUsername: string | undefined): EarlyInput {
  return { username: registeredUsername ?? '', password: '', remember: false, focused: undefined, submitted: false };
}

let pressEnds: Promise<void> | undefined;
/** A press never noticed to end (the pointer released outside the window) holds the full form back no longer than this. */
const longestPress = 2000;

/**
 * A mouse button or finger went down on the early form. A press is a click only if it ends on the
 * element it began on: swapping the forms in between would swallow that Login.
 */
function notePress(): void {
  pressEnds ??= new Promise((resolve) => {
    const end = () => {
      window.removeEventListener('pointerup', end, true);
      window.removeEventListener('pointercancel', end, true);
      window.clearTimeout(timer);
      // After the click that the release dispatches, which the early form still receives.
      window.setTimeout(() => {
        pressEnds = undefined;
        resolve();
      }, 0);
    };
    const timer = window.setTimeout(end, longestPress);
    window.addEventListener('pointerup', end, true);
    window.addEventListener('pointercancel', end, true);
  });
}

/**
 * Resolves once no press that began on the early form is going on. The full form may take over in
 * the same task, before another press can begin.
 */
export async function pressOnEarlyFormEnded(): Promise<void> {
  while (pressEnds) await pressEnds;
}

/**
 * The login form while its code (`formCode`) loads: the same fields as plain inputs, which note what
 * is typed, so that the full form (login-form.tsx) takes it over. A press on Login waits for that
 * form; should its code fail to load, it says so as for a login without an answer.
 */
export function EarlyLoginForm({
  early,
  registered,
  signedOut,
  formCode,
}: {
  early: EarlyInput;
  registered: boolean;
  signedOut: boolean;
  formCode: Promise<unknown>;
}) {
  const [submitted, setSubmitted] = useState(early.submitted);
  const [failure, setFailure] = useState<string>();
  const input = (name: LoginField): LoginInput => ({
    name,
    defaultValue: early[name],
    onFocus: () => (early.focused = name),
    onBlur: () => (early.focused = undefined),
  });

  return (
    <LoginFields
      username={{
        ...input('username'),
        onChange: (event) => {
          const kept = acceptedUsername(event, early.username);
          if (kept !== event.target.value) event.target.value = kept;
          early.username = kept;
        },
      }}
      password={{ ...input('password'), autoFocus: registered, onChange: (event) => (early.password = event.target.value) }}
      remember={{ name: 'remember', defaultChecked: early.remember, onChange: (event) => (early.remember = event.target.checked) }}
      onPointerDown={notePress}
      onSubmit={(event) => {
        event.preventDefault();
        early.submitted = true;
        setSubmitted(true);
        formCode.catch((reason: unknown) => {
          early.submitted = false;
          setSubmitted(false);
          setFailure(errorText(reason, loginErrorContext));
        });
      }}
      busy={submitted}
      error={failure}
      registered={registered}
      signedOut={signedOut}
    />
  );
}

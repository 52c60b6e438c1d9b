import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { CardContent, CardFooter } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { RequiredLegend } from '../../components/ui/form-field';
import type { LoginState } from '../../platform/session/login-state';

/**
 * Spec section 9: after a successful reset the user goes to /login after 2000 ms. Registration uses the
 * same pause, so its success message can be read before the login page replaces it.
 */
export const successRedirectDelayMs = 2000;

/** Goes to /login a moment after `done` turns true, handing it `state` (keep it stable, e.g. memoised). */
export function useRedirectToLoginWhen(done: boolean, state?: LoginState): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true, state }), successRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate, state]);
}

/** A link that failed to load its data: the spec's text and, below it, the server's reason. */
export function LoadFailure({ text, detail }: { text: string; detail?: string }) {
  return (
    <div role="alert" className="flex flex-col gap-1 text-sm">
      <p className="font-medium text-destructive">{text}</p>
      {detail ? <p className="text-muted-foreground">{detail}</p> : null}
    </div>
  );
}

interface AccountFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's failure text, under its fields. */
  error: string | undefined;
  submitLabel: string;
  busy: boolean;
  /** What stands above the fields' legend, e.g. the account concerned. */
  before?: ReactNode;
  /** Links under the full-width submit button. */
  after?: ReactNode;
  children: ReactNode;
}

/** The form of an account page: its fields, the failure text, and a full-width submit button. */
export function AccountForm({ onSubmit, error, submitLabel, busy, before, after, children }: AccountFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="flex flex-col gap-4">
        {before}
        <RequiredLegend />
        {children}
        <FormError>{error}</FormError>
      </CardContent>
      <CardFooter className="flex flex-col gap-3">
        <Button type="submit" className="w-full" busy={busy}>
          {submitLabel}
        </Button>
        {after}
      </CardFooter>
    </form>
  );
}

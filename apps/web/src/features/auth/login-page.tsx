import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Building2 } from 'lucide-react';
import { isUsernameInput } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { de } from '../../i18n/de';
import { login } from './auth-api';
import { homePathFor } from './home-path';
import { loginErrorMessage } from './login-errors';
import { useSession } from './session-context';

export function LoginPage() {
  const { user, startSession } = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  if (user) return <Navigate to={homePathFor(user.roles)} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const answer = await login({ username, password });
      if (!answer.token) {
        console.error(de.login.missingToken);
        return;
      }
      const next = startSession(answer.token);
      if (next) void navigate(homePathFor(next.roles), { replace: true });
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-4">
      <div className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <Building2 className="size-6 text-primary" aria-hidden />
        {de.app.name}
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle level={1} className="text-2xl">
            {de.login.title}
          </CardTitle>
          <CardDescription>{de.login.subtitle}</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate={false}>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-username">{de.login.username}</Label>
              <Input
                id="login-username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={username}
                aria-describedby="login-username-hint"
                onChange={(event) => {
                  // Only letters and digits: any other character is ignored and the entry stays as it was.
                  if (!isUsernameInput(event.target.value)) return;
                  setUsername(event.target.value);
                  setError('');
                }}
              />
              <span id="login-username-hint" className="sr-only">{de.login.usernameHint}</span>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-password">{de.login.password}</Label>
              <Input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError('');
                }}
              />
            </div>
            <FormError>{error}</FormError>
          </CardContent>
          <CardFooter className="flex flex-col gap-3">
            <Button type="submit" className="w-full" busy={submitting}>
              {de.login.submit}
            </Button>
            <Link to="/forgotPassword" className="text-sm text-primary underline-offset-4 hover:underline">
              {de.login.forgotPassword}
            </Link>
          </CardFooter>
        </form>
      </Card>
      <Link to="/impressum" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {de.sidebar.impressum}
      </Link>
    </main>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { CardContent, CardFooter } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountPage } from './account-page';
import { requestPasswordReset } from './accounts-api';
import { germanResolver } from '../../lib/form-messages';

const t = de.forgotPassword;

function BackToLogin() {
  return (
    <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
      {t.backToLogin}
    </Link>
  );
}

/** /forgotPassword: asks for a reset link by username and e-mail (spec sections 2, 5, 8). */
export function ForgotPasswordPage() {
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  useDocumentTitle(de.documentTitles.forgotPassword);
  const form = useForm({ resolver: germanResolver(zodResolver(forgotPasswordRequestSchema)), defaultValues: { username: '', email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (request) => {
    setError('');
    try {
      await requestPasswordReset(request);
      setSent(true);
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form);
      setError(errorText(failure, errorContexts.forgotPassword, { fieldIssuesShown }));
    }
  });

  if (sent) {
    return (
      <AccountPage title={t.title}>
        <CardContent className="flex flex-col gap-4">
          <StatusMessage>{t.success}</StatusMessage>
          <BackToLogin />
        </CardContent>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t.title} intro={t.intro}>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="flex flex-col gap-4">
          <RequiredLegend />
          <TextField
            id="forgot-username"
            label={t.username}
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...form.register('username')}
          />
          <TextField
            id="forgot-email"
            label={t.email}
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormError>{error}</FormError>
        </CardContent>
        <CardFooter className="flex flex-col gap-3">
          <Button type="submit" className="w-full" busy={isSubmitting}>
            {t.submit}
          </Button>
          <BackToLogin />
        </CardFooter>
      </form>
    </AccountPage>
  );
}

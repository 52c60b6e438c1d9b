import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { ResetInfo } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { CardContent, CardFooter } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { NewPasswordField } from '../../components/ui/new-password-field';
import { PasswordField } from '../../components/ui/password-field';
import { errorReason, errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkData } from './use-link-data';
import { AccountPage, LoadFailure, useRedirectToLoginWhen } from './account-page';
import { fetchResetInfo, resetPassword } from './accounts-api';
import { resetFormDefaults, resetFormSchema, resetWords } from './reset-form';
import { germanResolver } from '../../lib/form-messages';

const t = de.resetPassword;

function ResetForm({ token, info }: { token: string; info: ResetInfo }) {
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const resolver = useMemo(() => germanResolver(zodResolver(resetFormSchema(info))), [info]);
  const form = useForm({ resolver, defaultValues: resetFormDefaults });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  useRedirectToLoginWhen(done);

  const onSubmit = form.handleSubmit(async (request) => {
    setError('');
    try {
      await resetPassword(token, request);
      setDone(true);
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form);
      setError(errorText(failure, errorContexts.resetPassword, { fieldIssuesShown }));
    }
  });

  const account = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
      <dt className="text-muted-foreground">{t.username}</dt>
      <dd className="font-medium">{info.username}</dd>
      <dt className="text-muted-foreground">{t.email}</dt>
      <dd className="break-all font-medium">{info.email}</dd>
    </dl>
  );

  if (done) {
    return (
      <CardContent className="flex flex-col gap-4">
        {account}
        <StatusMessage>{t.success}</StatusMessage>
        <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
          {t.toLogin}
        </Link>
      </CardContent>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="flex flex-col gap-4">
        {account}
        <RequiredLegend />
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={info.username} readOnly hidden />
        <NewPasswordField
          id="reset-password"
          label={t.newPassword}
          required
          password={password}
          userInputs={resetWords(info)}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          id="reset-confirm-password"
          label={t.confirmPassword}
          required
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FormError>{error}</FormError>
      </CardContent>
      <CardFooter>
        <Button type="submit" className="w-full" busy={isSubmitting}>
          {t.submit}
        </Button>
      </CardFooter>
    </form>
  );
}

/** /reset-password?token=…: sets a new password through the mailed link (spec sections 2, 4, 5, 8). */
export function ResetPasswordPage() {
  const { token, query: info } = useLinkData('resetInfo', fetchResetInfo);
  useDocumentTitle(de.documentTitles.resetPassword);

  const failure = (detail?: string) => (
    <CardContent className="flex flex-col gap-4">
      <LoadFailure text={t.loadFailed} detail={detail} />
      <Link to="/forgotPassword" className="text-sm text-primary underline-offset-4 hover:underline">
        {t.requestNewLink}
      </Link>
    </CardContent>
  );

  const content = () => {
    if (!token) return failure();
    if (info.isError) return failure(errorReason(info.error));
    if (info.isPending) return <CardContent><Spinner label={de.common.loading} /></CardContent>;
    return <ResetForm token={token} info={info.data} />;
  };

  return <AccountPage title={t.title}>{content()}</AccountPage>;
}

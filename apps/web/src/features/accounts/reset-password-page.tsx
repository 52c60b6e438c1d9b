import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { passwordSchema, type ResetInfo } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { CardContent, CardFooter } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { serverDetail } from '../../lib/error-message';
import { mustMatch, schemaRule } from '../../lib/field-rules';
import { de } from '../../i18n/de';
import { useLinkData } from './use-link-data';
import { AccountPage, LoadFailure, useRedirectToLoginWhen } from './account-page';
import { resetPasswordErrorMessage } from './account-errors';
import { fetchResetInfo, resetPassword } from './accounts-api';

const t = de.resetPassword;

interface ResetFormValues {
  password: string;
  confirmPassword: string;
}

function ResetForm({ token, info }: { token: string; info: ResetInfo }) {
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const form = useForm<ResetFormValues>({ defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  useRedirectToLoginWhen(done);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError('');
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (failure) {
      setError(resetPasswordErrorMessage(failure));
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
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={info.username} readOnly hidden />
        <TextField
          id="reset-password"
          label={t.newPassword}
          type="password"
          required
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password', { validate: schemaRule(passwordSchema) })}
        />
        <TextField
          id="reset-confirm-password"
          label={t.confirmPassword}
          type="password"
          required
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword', { validate: (value, values) => mustMatch(value, values.password) })}
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
    if (info.isError) return failure(serverDetail(info.error));
    if (info.isPending) return <CardContent><Spinner label={de.common.loading} /></CardContent>;
    return <ResetForm token={token} info={info.data} />;
  };

  return <AccountPage title={t.title}>{content()}</AccountPage>;
}

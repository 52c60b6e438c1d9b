import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { ResetInfo } from '@bauakte/domain/schemas';
import { CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { NewPasswordFields } from '../../components/ui/new-password-field';
import { errorReason } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkData } from './use-link-data';
import { PublicPage } from '../../components/public-page';
import { AccountForm, LoadFailure, useRedirectToLoginWhen } from './account-page';
import { fetchResetInfo, resetPassword } from './accounts-api';
import { resetFormDefaults, resetFormSchema, resetWords } from './reset-form';

const t = de.resetPassword;

function ResetForm({ token, info }: { token: string; info: ResetInfo }) {
  const [done, setDone] = useState(false);
  const resolver = useMemo(() => schemaResolver(resetFormSchema(info)), [info]);
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: resetFormDefaults,
    submit: (request) => resetPassword(token, request),
    errors: errorContexts.resetPassword,
    onSuccess: () => setDone(true),
  });
  const password = useWatch({ control: form.control, name: 'password' });
  useRedirectToLoginWhen(done);

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
    <AccountForm onSubmit={onSubmit} error={error} submitLabel={t.submit} busy={busy} before={account}>
      {/* Lets password managers store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={info.username} readOnly hidden />
      <NewPasswordFields
        idPrefix="reset"
        labels={{ password: t.newPassword, confirm: t.confirmPassword }}
        password={password}
        userInputs={resetWords(info)}
        fields={{ password: field('password'), confirm: field('confirmPassword') }}
      />
    </AccountForm>
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

  return <PublicPage title={t.title}>{content()}</PublicPage>;
}

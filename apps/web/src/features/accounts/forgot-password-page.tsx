import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema } from '@bauakte/domain/schemas';
import { CardContent } from '../../components/ui/card';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PublicPage } from '../../components/public-page';
import { AccountForm } from './account-page';
import { requestPasswordReset } from './accounts-api';

const t = de.forgotPassword;
const resolver = schemaResolver(forgotPasswordRequestSchema);

function BackToLogin() {
  return (
    <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
      {t.backToLogin}
    </Link>
  );
}

/** /forgotPassword: asks for a reset link by username and e-mail (spec sections 2, 5, 8). */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  useDocumentTitle(de.documentTitles.forgotPassword);
  const { onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: { username: '', email: '' },
    submit: requestPasswordReset,
    errors: errorContexts.forgotPassword,
    onSuccess: () => setSent(true),
  });

  if (sent) {
    return (
      <PublicPage title={t.title}>
        <CardContent className="flex flex-col gap-4">
          <StatusMessage>{t.success}</StatusMessage>
          <BackToLogin />
        </CardContent>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t.title} intro={t.intro}>
      <AccountForm onSubmit={onSubmit} error={error} submitLabel={t.submit} busy={busy} after={<BackToLogin />}>
        <TextField
          id="forgot-username"
          label={t.username}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
        <TextField id="forgot-email" label={t.email} type="email" required autoComplete="email" {...field('email')} />
      </AccountForm>
    </PublicPage>
  );
}

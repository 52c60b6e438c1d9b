import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { Invitation } from '@bauakte/domain/schemas';
import { CardContent } from '../../components/ui/card';
import { NewPasswordFields } from '../../components/ui/new-password-field';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorReason } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { houseNumberInputProps } from '../../lib/house-number';
import { useLinkData } from './use-link-data';
import { PublicPage } from '../../components/public-page';
import { AccountForm, LoadFailure, useRedirectToLoginWhen } from './account-page';
import { completeRegistration, fetchInvitation } from './accounts-api';
import { needsAddress, registerFormDefaults, registerFormSchema, registerIssueFields, registrantWords, type RegisterFormValues } from './registration-form';

const t = de.register;

function RegisterForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const [done, setDone] = useState(false);
  const resolver = useMemo(() => schemaResolver(registerFormSchema(invitation)), [invitation]);
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: registerFormDefaults(invitation),
    submit: (request) => completeRegistration(token, request),
    errors: errorContexts.register,
    issueFields: { rename: registerIssueFields },
    onSuccess: () => setDone(true),
  });
  const [password, firstName, lastName, email] = useWatch({ control: form.control, name: ['password', 'firstName', 'lastName', 'email'] });
  const withAddress = needsAddress(invitation.roles);
  // The login page keeps saying so, with the username filled in, once this page has made way for it.
  const loginState = useMemo(() => ({ registeredUsername: invitation.username }), [invitation.username]);
  useRedirectToLoginWhen(done, loginState);

  if (done) {
    return (
      <CardContent className="flex flex-col gap-4">
        <StatusMessage>{t.success}</StatusMessage>
        <Link to="/login" replace state={loginState} className="text-sm text-primary underline-offset-4 hover:underline">
          {t.toLogin}
        </Link>
      </CardContent>
    );
  }

  const input = (name: keyof RegisterFormValues) => ({ required: name !== 'community', ...field(name) });

  return (
    <AccountForm onSubmit={onSubmit} error={error} submitLabel={t.submit} busy={busy}>
      <TextField id="register-username" label={t.username} value={invitation.username} readOnly autoComplete="username" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="register-first-name" label={t.firstName} autoComplete="given-name" {...input('firstName')} />
        <TextField id="register-last-name" label={t.lastName} autoComplete="family-name" {...input('lastName')} />
      </div>
      <TextField id="register-email" label={t.email} type="email" autoComplete="email" {...input('email')} />
      <TextField id="register-phone" label={t.phone} type="tel" autoComplete="tel" {...input('phone')} />
      {withAddress ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField id="register-street" label={t.street} autoComplete="address-line1" {...input('street')} />
            <TextField id="register-house-number" label={t.houseNumber} {...houseNumberInputProps} {...input('houseNumber')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <TextField id="register-postal-code" label={t.postalCode} autoComplete="postal-code" {...input('postalCode')} />
            <TextField id="register-city" label={t.city} autoComplete="address-level2" {...input('city')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="register-community" label={t.community} hint={t.communityHint} {...input('community')} />
            <TextField id="register-country" label={t.country} autoComplete="country-name" {...input('country')} />
          </div>
        </fieldset>
      ) : null}
      <NewPasswordFields
        idPrefix="register"
        labels={{ password: t.password, confirm: t.confirmPassword }}
        password={password}
        userInputs={registrantWords(invitation, { firstName, lastName, email })}
        fields={{ password: field('password'), confirm: field('confirmPassword') }}
      />
    </AccountForm>
  );
}

/** /register?token=…: completes an invitation (spec sections 2, 4, 5, 8). */
export function RegisterPage() {
  const { token, query: invitation } = useLinkData('invitation', fetchInvitation);
  useDocumentTitle(de.documentTitles.register);

  const content = () => {
    if (!token) return <CardContent><LoadFailure text={t.loadFailed} /></CardContent>;
    if (invitation.isError) return <CardContent><LoadFailure text={t.loadFailed} detail={errorReason(invitation.error)} /></CardContent>;
    if (invitation.isPending) return <CardContent><Spinner label={de.common.loading} /></CardContent>;
    return <RegisterForm token={token} invitation={invitation.data} />;
  };

  return (
    <PublicPage title={t.title} intro={invitation.data ? t.intro : undefined} wide>
      {content()}
    </PublicPage>
  );
}

import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { Invitation } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { CardContent, CardFooter } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { RequiredLegend } from '../../components/ui/form-field';
import { NewPasswordField } from '../../components/ui/new-password-field';
import { PasswordField } from '../../components/ui/password-field';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorReason, errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { houseNumberInputProps } from '../../lib/house-number';
import { useLinkData } from './use-link-data';
import { AccountPage, LoadFailure, useRedirectToLoginWhen } from './account-page';
import { completeRegistration, fetchInvitation } from './accounts-api';
import { needsAddress, registerFormDefaults, registerFormSchema, registerIssueFields, registrantWords, type RegisterFormValues } from './registration-form';
import { germanResolver } from '../../lib/form-messages';

const t = de.register;

function RegisterForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const resolver = useMemo(() => germanResolver(zodResolver(registerFormSchema(invitation))), [invitation]);
  const form = useForm({ resolver, defaultValues: registerFormDefaults(invitation) });
  const { errors, isSubmitting } = form.formState;
  const [password, firstName, lastName, email] = useWatch({ control: form.control, name: ['password', 'firstName', 'lastName', 'email'] });
  const withAddress = needsAddress(invitation.roles);
  // The login page keeps saying so, with the username filled in, once this page has made way for it.
  const loginState = useMemo(() => ({ registeredUsername: invitation.username }), [invitation.username]);
  useRedirectToLoginWhen(done, loginState);

  const onSubmit = form.handleSubmit(async (request) => {
    setError('');
    try {
      await completeRegistration(token, request);
      setDone(true);
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form, { rename: registerIssueFields });
      setError(errorText(failure, errorContexts.register, { fieldIssuesShown }));
    }
  });

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

  const field = (name: keyof RegisterFormValues) => ({ required: name !== 'community', error: errors[name]?.message, ...form.register(name) });

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="flex flex-col gap-4">
        <RequiredLegend />
        <TextField id="register-username" label={t.username} value={invitation.username} readOnly autoComplete="username" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="register-first-name" label={t.firstName} autoComplete="given-name" {...field('firstName')} />
          <TextField id="register-last-name" label={t.lastName} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField id="register-email" label={t.email} type="email" autoComplete="email" {...field('email')} />
        <TextField id="register-phone" label={t.phone} type="tel" autoComplete="tel" {...field('phone')} />
        {withAddress ? (
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              <TextField id="register-street" label={t.street} autoComplete="address-line1" {...field('street')} />
              <TextField id="register-house-number" label={t.houseNumber} {...houseNumberInputProps} {...field('houseNumber')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
              <TextField id="register-postal-code" label={t.postalCode} autoComplete="postal-code" {...field('postalCode')} />
              <TextField id="register-city" label={t.city} autoComplete="address-level2" {...field('city')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id="register-community" label={t.community} hint={t.communityHint} {...field('community')} />
              <TextField id="register-country" label={t.country} autoComplete="country-name" {...field('country')} />
            </div>
          </fieldset>
        ) : null}
        <NewPasswordField
          id="register-password"
          label={t.password}
          password={password}
          userInputs={registrantWords(invitation, { firstName, lastName, email })}
          {...field('password')}
        />
        <PasswordField id="register-confirm-password" label={t.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
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
    <AccountPage title={t.title} intro={invitation.data ? t.intro : undefined} wide>
      {content()}
    </AccountPage>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { austrianStates, can, isAustria } from '@bauakte/domain/labels';
import type { Profile } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { NewPasswordField } from '../../components/ui/new-password-field';
import { PasswordField } from '../../components/ui/password-field';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { errorText } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { useServerAction } from '../../platform/actions/use-server-action';
import { houseNumberInputProps } from '../../lib/house-number';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { useAlert, useNotify } from '../../platform/feedback/feedback-context';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { customerKeys } from '../../lib/query-keys';
import { deleteProfile, fetchProfile, profileKey, saveProfile } from './profile-api';
import { asksCurrentPassword, passwordsDiffer, profileFormDefaults, profileFormSchema, profileScope, profileWords, type ProfileScope } from './profile-form';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { SignedInDevices } from './signed-in-devices';

const t = de.profile;
const addressOrder = ['street', 'number', 'city', 'state', 'postalCode', 'country', 'municipality'] as const;

/** The nine Bundesländer; a stored answer outside them stays visible, so saving says what is wrong instead of losing it. */
const stateOptions = (stored: string): readonly string[] =>
  stored === '' || (austrianStates as readonly string[]).includes(stored) ? austrianStates : [...austrianStates, stored];

/**
 * Where the server's field messages go: its 'password' is the new password here, and a refusal of
 * the current password stands beside that field even when the answer names no field.
 */
const issueFields = {
  rename: { password: 'newPassword' },
  byCode: { CURRENT_PASSWORD_WRONG: 'currentPassword', CURRENT_PASSWORD_REQUIRED: 'currentPassword', PASSWORD_TOO_WEAK: 'newPassword' },
} as const;

function ToggleButton({ open, show, hide, controls, onToggle }: { open: boolean; show: string; hide: string; controls: string; onToggle(): void }) {
  return (
    <Button variant="outline" size="sm" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {open ? hide : show}
    </Button>
  );
}

/**
 * Löschen after a confirmation: one's own account ends the session, another's closes the dialog.
 * A failure stands in the form's one line under the fields, which tells the last failure, a save's or this one's.
 */
function useProfileDeletion(username: string, isOwn: boolean, form: { showError(text: string): void; clearError(): void }, close: () => void) {
  const { logout } = useSession();
  const alert = useAlert();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useServerAction({
    confirm: () => ({ title: t.confirmDelete, confirmLabel: t.delete, destructive: true }),
    action: () => {
      form.clearError();
      return deleteProfile(username);
    },
    onError: (failure) => form.showError(errorText(failure, errorContexts.deleteProfile)),
    onSuccess: async () => {
      if (isOwn) {
        await alert({ title: t.deleted });
        // The account is gone, so the server answers the logout with 401, which ends the session here.
        await logout();
        return;
      }
      void queryClient.invalidateQueries();
      notify(t.deleted);
      close();
    },
  });
}

function ProfileForm({ profile, scope, close }: { profile: Profile; scope: ProfileScope; close(): void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ids = useId();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [addressOpen, setAddressOpen] = useState(false);
  const isOwn = scope === 'own';
  // Whoever may not change the profile sees it without inputs to type into or buttons that the server refuses.
  const readOnly = scope === 'view';
  const passwordEntryOpen = isOwn && passwordOpen;
  // An administrator has no postal address in the portal (registration asks none either).
  const withAddress = can(profile, 'holdPostalAddress');
  const context = useMemo(() => ({ profile, isOwn, passwordEntryOpen }), [profile, isOwn, passwordEntryOpen]);
  const resolver = useMemo(() => schemaResolver(profileFormSchema(context)), [context]);
  const { form, onSubmit, busy: saving, error, showError, clearError, field } = useServerForm({
    resolver,
    defaultValues: profileFormDefaults(profile),
    submit: (request) => saveProfile(profile.username, request),
    errors: errorContexts.saveProfile,
    issueFields,
    // A customer's new name shows in 'Kundenübersicht' behind this dialog.
    invalidates: isOwn ? [] : [customerKeys.all],
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey(saved.username), saved);
      notify(de.toast.profileSaved);
      close();
    },
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);
  const [newPassword, newPasswordRepeat, firstName, lastName, email, country] = useWatch({
    control: form.control,
    name: ['newPassword', 'newPasswordRepeat', 'firstName', 'lastName', 'email', 'address.country'],
  });
  const showMismatch = passwordEntryOpen && passwordsDiffer({ newPassword, newPasswordRepeat });
  const showCurrentPassword = asksCurrentPassword(context, { newPassword, email });

  // A refused address field must be seen, so its section opens.
  const addressRefused = errors.address !== undefined;
  useEffect(() => {
    if (addressRefused) setAddressOpen(true);
  }, [addressRefused]);

  const deletion = useProfileDeletion(profile.username, isOwn, { showError, clearError }, close);
  const busy = saving || deletion.busy;

  return (
    <form onSubmit={readOnly ? (event) => event.preventDefault() : onSubmit} noValidate className="flex min-h-0 flex-col gap-4">
      <h3 className="text-base font-semibold">{t.heading(profile.username)}</h3>
      {readOnly ? <p className="text-sm text-muted-foreground">{t.viewOnly}</p> : <RequiredLegend />}
      <div className="flex max-h-[400px] flex-col gap-4 overflow-y-auto p-1">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${ids}-first-name`} label={t.firstName} required autoComplete="given-name" readOnly={readOnly} {...field('firstName')} />
          <TextField id={`${ids}-last-name`} label={t.lastName} required autoComplete="family-name" readOnly={readOnly} {...field('lastName')} />
          <TextField
            id={`${ids}-email`}
            label={t.email}
            type="email"
            required
            autoComplete="email"
            // Like the password, the e-mail address opens the account (reset links go there): only its holder changes it.
            readOnly={!isOwn}
            hint={scope === 'customer' ? t.emailOwnOnly : undefined}
            {...field('email')}
          />
          <TextField id={`${ids}-phone`} label={t.phone} type="tel" autoComplete="tel" readOnly={readOnly} {...field('phoneNumber')} />
        </div>
        <div className="flex flex-wrap gap-2">
          {isOwn ? (
            <ToggleButton open={passwordOpen} show={t.showPassword} hide={t.hidePassword} controls={`${ids}-password`} onToggle={() => setPasswordOpen((open) => !open)} />
          ) : null}
          {withAddress ? (
            <ToggleButton open={addressOpen} show={readOnly ? t.viewAddress : t.showAddress} hide={t.hideAddress} controls={`${ids}-address`} onToggle={() => setAddressOpen((open) => !open)} />
          ) : null}
        </div>
        {passwordEntryOpen ? (
          <div id={`${ids}-password`} className="grid gap-4 sm:grid-cols-2">
            <NewPasswordField
              id={`${ids}-new-password`}
              label={t.newPassword}
              password={newPassword}
              userInputs={profileWords(profile, { firstName, lastName, email })}
              {...field('newPassword')}
            />
            <PasswordField
              id={`${ids}-new-password-repeat`}
              label={t.repeatPassword}
              autoComplete="new-password"
              describedBy={showMismatch ? `${ids}-mismatch` : undefined}
              {...form.register('newPasswordRepeat')}
            />
            <p id={`${ids}-mismatch`} aria-live="polite" className="text-sm text-destructive sm:col-span-2">
              {showMismatch ? t.passwordMismatchHint : ''}
            </p>
          </div>
        ) : null}
        {showCurrentPassword ? (
          <PasswordField
            id={`${ids}-current-password`}
            label={t.currentPassword}
            required
            autoComplete="current-password"
            hint={t.currentPasswordHint}
            className="sm:max-w-[calc(50%-0.5rem)]"
            {...field('currentPassword')}
          />
        ) : null}
        {withAddress && addressOpen ? (
          <div id={`${ids}-address`} className="grid gap-4 sm:grid-cols-2">
            {addressOrder.map((name) =>
              name === 'state' && isAustria(country) ? (
                <SelectField
                  key={name}
                  id={`${ids}-${name}`}
                  label={t.state}
                  placeholder={t.chooseState}
                  options={stateOptions(profile.address.state)}
                  disabled={readOnly}
                  {...field('address.state')}
                />
              ) : (
                <TextField
                  key={name}
                  id={`${ids}-${name}`}
                  label={t[name]}
                  {...(name === 'number' ? houseNumberInputProps : {})}
                  readOnly={readOnly}
                  {...field(`address.${name}`)}
                />
              ),
            )}
          </div>
        ) : null}
      </div>
      <FormError>{error}</FormError>
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="destructive" disabled={busy} busy={deletion.busy} onClick={() => void deletion.run()}>
            {t.delete}
          </Button>
          <Button type="submit" disabled={busy} busy={saving}>
            {t.save}
          </Button>
        </div>
      )}
    </form>
  );
}

/** 'Profil bearbeiten' (spec sections 2, 4, 5): one's own profile, or one a user may see (admin, architect). */
export function ProfileModal({ close, props }: ModalBodyProps) {
  const { user } = useSession();
  const username = typeof props.username === 'string' && props.username !== '' ? props.username : user?.username;
  const profile = useQuery({
    queryKey: profileKey(username ?? ''),
    queryFn: () => fetchProfile(username ?? ''),
    enabled: username !== undefined,
    retry: false,
    // Every opening shows the server's current data, never an older copy.
    gcTime: 0,
  });

  if (!username) return <FormError>{t.notFound}</FormError>;
  if (profile.isPending) return <Spinner label={t.loading} />;
  if (profile.isError) return <FormError>{errorText(profile.error, errorContexts.loadProfile)}</FormError>;
  const scope = user ? profileScope(user, profile.data) : 'view';
  return (
    <>
      <ProfileForm profile={profile.data} scope={scope} close={close} />
      {scope === 'own' ? <SignedInDevices username={profile.data.username} /> : null}
    </>
  );
}

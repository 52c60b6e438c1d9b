import { can, personalWords } from '@bauakte/domain/labels';
import { passwordSchema, profileAddressSchema, profileUpdateRequestSchema, requestObject, secretString, type Profile, type ProfileUpdateRequest } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { weakPasswordMessage } from '../../lib/password-rules';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  newPassword: string;
  newPasswordRepeat: string;
  currentPassword: string;
  address: Profile['address'];
}

export function profileFormDefaults(profile: Profile): ProfileFormValues {
  const { street, number, city, state, postalCode, country, municipality } = profile.address;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
    newPassword: '',
    newPasswordRepeat: '',
    currentPassword: '',
    address: { street, number, city, state, postalCode, country, municipality },
  };
}

type PasswordValues = Pick<ProfileFormValues, 'newPassword' | 'newPasswordRepeat'>;

/**
 * The new password to send, if any (spec section 5): only when password entry is open and both
 * fields hold the same non-empty text; otherwise none is sent.
 */
export function chosenPassword(values: PasswordValues, passwordEntryOpen: boolean): string | undefined {
  if (!passwordEntryOpen || values.newPassword === '') return undefined;
  return values.newPassword === values.newPasswordRepeat ? values.newPassword : undefined;
}

/** Both password fields filled in differently: the hint the user sees before saving. */
export function passwordsDiffer(values: PasswordValues): boolean {
  return (values.newPassword !== '' || values.newPasswordRepeat !== '') && values.newPassword !== values.newPasswordRepeat;
}

/** The server compares addresses without regard to case, and so does the form. */
function emailChanged(profile: Profile, email: string): boolean {
  return email.trim().toLowerCase() !== profile.email.trim().toLowerCase();
}

/**
 * How much of a profile the viewer may change, as the server's access module decides: their own
 * entirely, a customer's details (an architect sees only their customers' profiles), and nothing of
 * anyone else's (an administrator views every profile but changes only their own).
 */
export type ProfileScope = 'own' | 'customer' | 'view';

export function profileScope(viewer: { username: string; roles: readonly string[] }, profile: Profile): ProfileScope {
  if (profile.username.toLowerCase() === viewer.username.toLowerCase()) return 'own';
  return can(viewer, 'editCustomerDetails') && can(profile, 'beCustomer') ? 'customer' : 'view';
}

export interface ProfileFormContext {
  profile: Profile;
  /** One's own profile: only there can password and e-mail address be changed. */
  isOwn: boolean;
  passwordEntryOpen: boolean;
}

/** While a new password is being entered or the e-mail address differs, 'Aktuelles Passwort' is asked for. */
export function asksCurrentPassword({ profile, isOwn, passwordEntryOpen }: ProfileFormContext, values: Pick<ProfileFormValues, 'newPassword' | 'email'>): boolean {
  return isOwn && ((passwordEntryOpen && values.newPassword !== '') || emailChanged(profile, values.email));
}

/** The server needs the current password when the save changes the password or the e-mail address. */
export function needsCurrentPassword(context: ProfileFormContext, values: Pick<ProfileFormValues, 'newPassword' | 'newPasswordRepeat' | 'email'>): boolean {
  return context.isOwn && (chosenPassword(values, context.passwordEntryOpen) !== undefined || emailChanged(context.profile, values.email));
}

/** The words a password must not be built from: the person's names, username and e-mail as typed. */
export function profileWords(profile: Profile, values: Pick<ProfileFormValues, 'firstName' | 'lastName' | 'email'>): string[] {
  return personalWords({ username: profile.username, firstName: values.firstName, lastName: values.lastName, email: values.email });
}

/** Spec section 4: the original data merged with the edits, plus the new and the current password when needed. */
export function toProfileUpdate(context: ProfileFormContext, values: ProfileFormValues): ProfileUpdateRequest {
  const password = chosenPassword(values, context.passwordEntryOpen);
  const { street, number, city, state, postalCode, country, municipality } = values.address;
  return {
    username: context.profile.username,
    roles: context.profile.roles,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    address: { street, number, city, state, postalCode, country, municipality },
    ...(password === undefined ? {} : { password }),
    ...(needsCurrentPassword(context, values) ? { currentPassword: values.currentPassword } : {}),
  };
}

const fields = profileUpdateRequestSchema.shape;

/**
 * The server's field rules with their messages. A new password that is sent meets the length and
 * strength rules; the current password is asked for when the save needs it. The output is the
 * PUT /api/profil/{username} payload.
 */
export function profileFormSchema(context: ProfileFormContext) {
  return requestObject({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    phoneNumber: fields.phoneNumber,
    newPassword: secretString(),
    newPasswordRepeat: secretString(),
    currentPassword: secretString(),
    address: profileAddressSchema,
  })
    .superRefine(async (values, issues) => {
      const password = chosenPassword(values, context.passwordEntryOpen);
      const refusal = password === undefined ? undefined : await newPasswordRefusal(password, profileWords(context.profile, values));
      if (refusal) issues.addIssue({ code: 'custom', path: ['newPassword'], message: refusal });
      if (needsCurrentPassword(context, values) && values.currentPassword === '') {
        issues.addIssue({ code: 'custom', path: ['currentPassword'], message: de.profile.currentPasswordRequired });
      }
    })
    .transform((values) => toProfileUpdate(context, values));
}

async function newPasswordRefusal(password: string, userInputs: readonly string[]): Promise<string | undefined> {
  const length = passwordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message;
  return weakPasswordMessage(password, userInputs);
}

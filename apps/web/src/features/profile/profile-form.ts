import type { Profile, ProfileUpdateRequest } from '@bauakte/domain';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  newPassword: string;
  newPasswordRepeat: string;
  address: Profile['address'];
}

export function profileFormDefaults(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
    newPassword: '',
    newPasswordRepeat: '',
    address: { ...profile.address },
  };
}

/**
 * The new password to send, if any (spec section 5): only when password entry is open and both
 * fields hold the same non-empty text; otherwise none is sent.
 */
export function chosenPassword(values: Pick<ProfileFormValues, 'newPassword' | 'newPasswordRepeat'>, passwordEntryOpen: boolean): string | undefined {
  if (!passwordEntryOpen || values.newPassword === '') return undefined;
  return values.newPassword === values.newPasswordRepeat ? values.newPassword : undefined;
}

/** Both password fields filled in differently: the hint the user sees before saving. */
export function passwordsDiffer(values: Pick<ProfileFormValues, 'newPassword' | 'newPasswordRepeat'>): boolean {
  return (values.newPassword !== '' || values.newPasswordRepeat !== '') && values.newPassword !== values.newPasswordRepeat;
}

/** Spec section 4: the original data merged with the edits, plus the new password when chosen. */
export function toProfileUpdate(original: Profile, values: ProfileFormValues, password: string | undefined): ProfileUpdateRequest {
  return {
    username: original.username,
    roles: original.roles,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    address: { ...original.address, ...values.address },
    ...(password === undefined ? {} : { password }),
  };
}

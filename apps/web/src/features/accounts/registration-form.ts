import type { Invitation, RegisterRequest } from '@bauakte/domain';

/** The registration form's fields (the username is shown, not edited). */
export interface RegisterFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  community: string;
}

/** Spec section 5: architects and admins register without an address, everyone else needs one. */
export function needsAddress(roles: readonly string[]): boolean {
  return !roles.some((role) => role === 'ARCHI' || role === 'ADMIN');
}

/** The form prefilled from the invitation (spec section 2). */
export function registerFormDefaults(invitation: Invitation): RegisterFormValues {
  return {
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    email: invitation.email,
    phone: invitation.phoneNumber,
    password: '',
    confirmPassword: '',
    street: invitation.address.street,
    houseNumber: invitation.address.number,
    postalCode: invitation.address.postalCode,
    city: invitation.address.city,
    community: invitation.address.municipality,
  };
}

/** The PUT /api/register payload of spec section 7; the address only for those who need one. */
export function toRegisterRequest(invitation: Invitation, values: RegisterFormValues): RegisterRequest {
  const request: RegisterRequest = {
    username: invitation.username,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    password: values.password,
  };
  if (!needsAddress(invitation.roles)) return request;
  return {
    ...request,
    address: {
      city: values.city.trim(),
      community: values.community.trim(),
      street: values.street.trim(),
      houseNumber: values.houseNumber.trim(),
      postalCode: values.postalCode.trim(),
    },
  };
}

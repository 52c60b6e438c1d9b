import { can, checkAustrianAddress, personalWords } from '@bauakte/domain/labels';
import { defaultCountry, registerRequestSchema, registrationAddressFields, requestObject, secretString, singleLineString, type Invitation, type RegisterRequest } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { weakPasswordMessage } from '../../lib/password-rules';

/** The registration form's fields (the username is shown, not edited); the address lies flat. */
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
  country: string;
}

/** Spec section 5: architects and admins register without an address, everyone else needs one. */
export function needsAddress(roles: readonly string[]): boolean {
  return !can({ roles }, 'registerWithoutAddress');
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
    country: invitation.address.country || defaultCountry,
  };
}

const fields = registerRequestSchema.shape;
const addressFields = registrationAddressFields;

/** The words a password must not be built from: the person's name, username and e-mail as typed. */
export function registrantWords(invitation: Invitation, values: Pick<RegisterFormValues, 'firstName' | 'lastName' | 'email'>): string[] {
  return personalWords({ username: invitation.username, firstName: values.firstName, lastName: values.lastName, email: values.email });
}

/**
 * The registration form's rules, the server's own field rules (spec section 5): all fields required
 * but the Gemeinde, the address only for clients; the confirmation must repeat the password; a guessable password is
 * refused. Its output is the PUT /api/register payload.
 */
export function registerFormSchema(invitation: Invitation) {
  const withAddress = needsAddress(invitation.roles);
  // Those without an address neither see nor send the invitation's address fields.
  const addressField = <Schema>(schema: Schema) => (withAddress ? schema : singleLineString());
  return requestObject({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    phone: fields.phone,
    password: secretString().min(1, de.forms.passwordRequired).pipe(fields.password),
    confirmPassword: secretString(),
    street: addressField(addressFields.street),
    houseNumber: addressField(addressFields.houseNumber),
    postalCode: addressField(addressFields.postalCode),
    city: addressField(addressFields.city),
    community: addressField(addressFields.community),
    country: addressField(addressFields.country),
  })
    .superRefine(async (values, context) => {
      if (values.confirmPassword !== values.password) {
        context.addIssue({ code: 'custom', path: ['confirmPassword'], message: de.forms.passwordMismatch });
      }
      // An Austrian address has a four-digit Postleitzahl; the flat form's paths are the address's own.
      if (withAddress) checkAustrianAddress(values, context);
      const weak = await weakPasswordMessage(values.password, registrantWords(invitation, values));
      if (weak) context.addIssue({ code: 'custom', path: ['password'], message: weak });
    })
    .transform((values) => toRegisterRequest(invitation, values));
}

/** The PUT /api/register payload of spec section 7; the address only for those who need one. */
function toRegisterRequest(invitation: Invitation, values: RegisterFormValues): RegisterRequest {
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
      country: values.country.trim(),
    },
  };
}

/** The request's address paths as the flat form names them, for the server's field messages. */
export const registerIssueFields: Readonly<Record<string, keyof RegisterFormValues>> = {
  'address.city': 'city',
  'address.community': 'community',
  'address.street': 'street',
  'address.houseNumber': 'houseNumber',
  'address.postalCode': 'postalCode',
  'address.country': 'country',
};

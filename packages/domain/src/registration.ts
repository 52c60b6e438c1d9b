import { z } from 'zod';
import { checkAustrianAddress } from './austrian-address';
import { emailSchema, optionalText, passwordSchema, requestObject, requiredText } from './fields';
import { claimedUsernameSchema } from './username';
import { profileSchema } from './profile';
import { serverMessages } from './texts/server-messages';

/** A link's token: 43 characters of base64url today; anything else cannot be one of ours. */
export const tokenQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, serverMessages.tokenInvalid),
});

/** GET /api/register: the invitation data of spec section 3. */
export const invitationSchema = profileSchema.extend({
  address: profileSchema.shape.address.pick({ city: true, municipality: true, street: true, number: true, postalCode: true, country: true }),
});

/** The country a new address starts with: the portal serves Austria. */
export const defaultCountry = 'Österreich';
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * The address a client registers with: what a letter needs is required; the Gemeinde is optional
 * (in most places it is the Ort). Older clients send no country: it is then Austria.
 */
const registrationAddressObject = requestObject({
  city: requiredText(200),
  community: optionalText(200).default(''),
  street: requiredText(200),
  houseNumber: requiredText(20),
  postalCode: requiredText(20),
  country: requiredText(200).default(defaultCountry),
});
/** The fields one by one, for a form that lays the address out flat. */
export const registrationAddressFields = registrationAddressObject.shape;
export const registrationAddressSchema = registrationAddressObject.superRefine(checkAustrianAddress);

/** PUT /api/register: the payload of spec section 7; the address is required for clients only. */
export const registerRequestSchema = requestObject({
  username: claimedUsernameSchema,
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phone: requiredText(50),
  password: passwordSchema,
  address: registrationAddressSchema.nullish(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

import { z } from 'zod';
import { checkAustrianAddress } from './austrian-address';
import { emailSchema, optionalText, passwordSchema, requestObject, requiredText } from './fields';
import { passwordMaxLength } from './field-limits';
import { secretString, singleLineString } from './text';
import { claimedUsernameSchema } from './username';
import { roleSchema } from './role-schema';

export const profileAddressSchema = requestObject({
  street: optionalText(200).default(''),
  number: optionalText(20).default(''),
  city: optionalText(200).default(''),
  state: optionalText(200).default(''),
  postalCode: optionalText(20).default(''),
  country: optionalText(200).default(''),
  municipality: optionalText(200).default(''),
}).superRefine(checkAustrianAddress);

/** GET /api/profil/{username}: the user profile of spec section 3 (never the password). */
export const profileSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  roles: z.array(roleSchema),
  address: z.object({
    street: z.string(),
    number: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    municipality: z.string(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/profil/{username}: the password is sent only when it was changed. Changing the password
 * or the e-mail address needs the current password, so a stolen session cannot take the account over.
 */
export const profileUpdateRequestSchema = requestObject({
  username: claimedUsernameSchema,
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phoneNumber: optionalText(50).default(''),
  password: passwordSchema.nullish(),
  currentPassword: secretString().max(passwordMaxLength).nullish(),
  roles: z.array(singleLineString().max(20)).max(10).optional(),
  address: profileAddressSchema.default({
    street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '',
  }),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

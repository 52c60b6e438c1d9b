import { z } from 'zod';
import { emailSchema, optionalText, passwordSchema, requiredText } from './fields';
import { roleSchema } from './roles';

export const profileAddressSchema = z.object({
  street: optionalText(200).default(''),
  number: optionalText(20).default(''),
  city: optionalText(200).default(''),
  state: optionalText(200).default(''),
  postalCode: optionalText(20).default(''),
  country: optionalText(200).default(''),
  municipality: optionalText(200).default(''),
});

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

/** PUT /api/profil/{username}: the password is sent only when it was changed. */
export const profileUpdateRequestSchema = z.object({
  username: z.string().optional(),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phoneNumber: optionalText(50).default(''),
  password: passwordSchema.nullish(),
  roles: z.array(z.string()).optional(),
  address: profileAddressSchema.default({
    street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '',
  }),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

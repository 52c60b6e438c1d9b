import { z } from 'zod';
import { emailSchema, passwordSchema, requiredText } from './fields';
import { profileSchema } from './profile';

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/register: the invitation data of spec section 3. */
export const invitationSchema = profileSchema.extend({
  address: profileSchema.shape.address.pick({ city: true, municipality: true, street: true, number: true, postalCode: true }),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const registrationAddressSchema = z.object({
  city: requiredText(200),
  community: requiredText(200),
  street: requiredText(200),
  houseNumber: requiredText(20),
  postalCode: requiredText(20),
});

/** PUT /api/register: the payload of spec section 7; the address is required for clients only. */
export const registerRequestSchema = z.object({
  username: z.string().optional(),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phone: requiredText(50),
  password: passwordSchema,
  address: registrationAddressSchema.nullish(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

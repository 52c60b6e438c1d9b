import { z } from 'zod';
import { emailSchema, passwordSchema, requiredText } from './fields';
import { roleSchema } from './roles';

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/register: the invitation data of spec section 3. */
export const invitationSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  roles: z.array(roleSchema),
  address: z.object({
    city: z.string(),
    municipality: z.string(),
    street: z.string(),
    number: z.string(),
    postalCode: z.string(),
  }),
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

import { z } from 'zod';
import { checkAustrianAddress } from './austrian-address';
import { emailSchema, houseNumberSchema, optionalText, requestObject, requiredText } from './fields';
import { userStatuses } from './users';
import { personNameSchema } from './people-schema';
import { claimedUsernameSchema, usernameSchema } from './username';

export const customerAddressSchema = requestObject({
  street: optionalText(200).default(''),
  number: houseNumberSchema.default(''),
  city: optionalText(200).default(''),
  country: optionalText(200).default(''),
  postalCode: optionalText(20).default(''),
}).superRefine(checkAustrianAddress);

/**
 * Customer (spec section 3): creationName is the username of the architect who created it;
 * createdBy names the same architect, so lists can show them by name.
 */
export const customerSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  creationName: z.string(),
  createdBy: personNameSchema,
  status: z.enum(userStatuses),
  address: z.object({ street: z.string(), number: z.string(), city: z.string(), country: z.string(), postalCode: z.string() }),
});
export type Customer = z.infer<typeof customerSchema>;

/** POST /api/ClientManagment; creationName, if sent, must be the caller. */
export const createCustomerRequestSchema = requestObject({
  username: usernameSchema,
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  creationName: claimedUsernameSchema,
  address: customerAddressSchema.default({ street: '', number: '', city: '', country: '', postalCode: '' }),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;

import { z } from 'zod';
import { roleSchema } from './role-schema';
import { requestObject } from './fields';
import { usernameSchema } from './username';
import { userStatuses } from './users';

/** One row of the admin's list of all users. */
export const userListItemSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(userStatuses),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const resendInvitationRequestSchema = requestObject({ username: usernameSchema });

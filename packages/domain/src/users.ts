import { z } from 'zod';
import { roleSchema } from './roles';
import { requestObject } from './fields';
import { usernameSchema } from './username';

export const userStatuses = ['INVITED', 'ACTIVE'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusLabels: Record<UserStatus, string> = {
  INVITED: 'Eingeladen',
  ACTIVE: 'Registriert',
};

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

/** A person as lists show them: by name, with the username to tell two of the same name apart. */
export const personNameSchema = z.object({ username: z.string(), firstName: z.string(), lastName: z.string() });
export type PersonName = z.infer<typeof personNameSchema>;

/** 'Maria Gruber'; someone who has not given a name yet (an invited customer) is shown by username. */
export function displayName(person: PersonName): string {
  const name = `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
  return name || person.username;
}

/**
 * The name, and the username in brackets when it tells something: when the person has a name and
 * someone else in the list shares it ('Maria Gruber (mgruber2)').
 */
export function distinctName(person: PersonName, others: readonly PersonName[]): string {
  const name = displayName(person);
  if (name === person.username) return name;
  const lowered = name.toLowerCase();
  const shared = others.some((other) => other.username !== person.username && displayName(other).toLowerCase() === lowered);
  return shared ? `${name} (${person.username})` : name;
}

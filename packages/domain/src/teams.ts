import { z } from 'zod';
import { emailSchema, optionalText, requestObject, requiredText } from './fields';
import { fieldTexts } from './texts/form-texts';
import { claimedUsernameSchema, usernameSchema } from './username';
import { personNameSchema } from './people-schema';

/** Team (spec section 3: teamName, userNames); members names the same people, so lists can show them by name. */
export const teamSchema = z.object({ teamName: z.string(), userNames: z.array(z.string()), members: z.array(personNameSchema) });
export type Team = z.infer<typeof teamSchema>;

export const createTeamRequestSchema = requestObject({ name: requiredText(100, fieldTexts.teamNameRequired) });
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

/** An architect account created by an admin; creationName is sent by the spec's form but never trusted. */
export const createArchitectRequestSchema = requestObject({
  username: usernameSchema,
  email: emailSchema,
  firstName: optionalText(100).default(''),
  lastName: optionalText(100).default(''),
  creationName: claimedUsernameSchema,
  teamName: requiredText(100, fieldTexts.teamRequired),
});
export type CreateArchitectRequest = z.input<typeof createArchitectRequestSchema>;

export const addMemberRequestSchema = requestObject({ username: usernameSchema });
export const teamNameQuerySchema = z.object({ teamName: requiredText(100) });
export const removeMemberQuerySchema = z.object({ teamName: requiredText(100), username: usernameSchema });
export const deleteTeamQuerySchema = z.object({ name: requiredText(100) });

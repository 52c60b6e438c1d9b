import { addMemberRequestSchema, createArchitectRequestSchema, requestObject, singleLineString } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';

/**
 * 'Benutzer zu Team hinzufügen' needs a team and an architect (spec section 5). Both are chosen from
 * lists, so an empty choice asks to choose; the values then meet the server's own rules.
 */
export const addMemberFormSchema = requestObject({
  teamName: createArchitectRequestSchema.shape.teamName,
  username: singleLineString().min(1, de.admin.addMember.pickArchitect).pipe(addMemberRequestSchema.shape.username),
});

import { SelectField } from '../../components/ui/select-field';
import { de } from '../../i18n/de';
import type { FieldBinding } from '../../components/ui/form-field';
import { useTeams } from './use-admin-lists';

/** The required choice of a team, from the teams there are. */
export function TeamSelectField({ id, field }: { id: string; field: FieldBinding }) {
  const teams = useTeams();
  return (
    <SelectField
      id={id}
      label={de.admin.team}
      placeholder={de.admin.chooseTeam}
      options={(teams.data ?? []).map((team) => team.teamName)}
      required
      {...field}
    />
  );
}

import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormActions } from '../../components/ui/form-actions';
import { RequiredLegend } from '../../components/ui/form-field';
import { SelectField } from '../../components/ui/select-field';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { addMemberFormSchema } from './add-member-form';
import { addMember } from './admin-api';
import { adminKeys } from '../../lib/query-keys';
import { TeamSelectField } from './team-select-field';
import { useAvailableArchitects } from './use-admin-lists';

const resolver = schemaResolver(addMemberFormSchema);
const t = de.admin.addMember;

/** 'Benutzer zu Team hinzufügen': needs a team and an architect; shows the server's answer. */
export function AddMemberCard() {
  const titleId = useId();
  const architects = useAvailableArchitects();
  const [added, setAdded] = useState('');
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: { teamName: '', username: '' },
    submit: ({ teamName, username }) => {
      setAdded('');
      return addMember(teamName, username);
    },
    errors: errorContexts.addMember,
    invalidates: [adminKeys.all],
    onSuccess: (answer, { teamName }) => {
      setAdded(answer.message);
      form.reset({ teamName, username: '' });
    },
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <RequiredLegend />
          <TeamSelectField id="add-member-team" field={field('teamName')} />
          <SelectField id="add-member-architect" label={t.architect} placeholder={t.chooseArchitect} options={architects.data ?? []} required {...field('username')} />
          <FormActions submitLabel={t.submit} busy={busy} error={error} status={added} />
        </form>
      </CardContent>
    </Card>
  );
}

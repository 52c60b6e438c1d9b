import { useId, useState } from 'react';
import { createTeamRequestSchema } from '@bauakte/domain/schemas';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { errorReason } from '../../lib/api-errors';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useAlert } from '../../platform/feedback/feedback-context';
import { createTeam } from './admin-api';
import { adminKeys } from '../../lib/query-keys';

const resolver = schemaResolver(createTeamRequestSchema);

/** 'Neues Team erstellen': an empty name sends nothing; a failure raises the spec's alert. */
export function CreateTeamCard() {
  const titleId = useId();
  const alert = useAlert();
  const [created, setCreated] = useState('');
  const { form, onSubmit, busy, field } = useServerForm({
    resolver,
    defaultValues: { name: '' },
    submit: ({ name }) => {
      setCreated('');
      return createTeam(name);
    },
    invalidates: [adminKeys.all],
    onSuccess: (team) => {
      form.reset();
      setCreated(de.admin.createTeam.created(team.teamName));
    },
    onError: (error) => void alert({ title: de.admin.createTeam.failed, description: errorReason(error) }),
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{de.admin.createTeam.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <RequiredLegend />
          <TextField
            id="create-team-name"
            label={de.admin.createTeam.name}
            required
            autoComplete="off"
            {...field('name', { onChange: () => setCreated('') })}
          />
          <FormActions submitLabel={de.admin.createTeam.submit} busy={busy} status={created} />
        </form>
      </CardContent>
    </Card>
  );
}

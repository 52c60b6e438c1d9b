import { useId, useState } from 'react';
import { createArchitectRequestSchema, type CreateArchitectRequest } from '@bauakte/domain/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormActions } from '../../components/ui/form-actions';
import { RequiredLegend } from '../../components/ui/form-field';
import { PersonFields } from '../../components/person-fields';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { createArchitect } from './admin-api';
import { adminKeys } from '../../lib/query-keys';
import { TeamSelectField } from './team-select-field';
import { useRefreshAdminLists } from './use-admin-lists';

const empty: CreateArchitectRequest = { teamName: '', username: '', firstName: '', lastName: '', email: '' };
const resolver = schemaResolver(createArchitectRequestSchema);
const t = de.admin.createUser;

/** 'Benutzer erstellen': an architect in a team; without username, e-mail and team nothing is sent. */
export function CreateUserCard() {
  const titleId = useId();
  const refresh = useRefreshAdminLists();
  const [created, setCreated] = useState('');
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: empty,
    submit: (request) => {
      setCreated('');
      return createArchitect(request);
    },
    errors: errorContexts.createArchitect,
    invalidates: [adminKeys.all],
    onSuccess: (answer, request) => {
      setCreated(answer.message);
      form.reset({ ...empty, teamName: request.teamName });
    },
    // Also after a failed invitation mail: the account exists then and belongs in the lists.
    onError: () => void refresh(),
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <RequiredLegend />
          <TeamSelectField id="create-user-team" field={field('teamName')} />
          <PersonFields idPrefix="create-user" labels={t} field={field} nameRequired={false} />
          <FormActions submitLabel={t.submit} busy={busy} error={error} status={created} />
        </form>
      </CardContent>
    </Card>
  );
}

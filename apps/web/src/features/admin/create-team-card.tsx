import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamRequestSchema } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorReason, showFieldIssues } from '../../lib/api-errors';
import { de } from '../../i18n/de';
import { useAlert } from '../feedback/feedback-context';
import { createTeam } from './admin-api';
import { useRefreshAdminLists } from './use-admin-lists';
import { germanResolver } from '../../lib/form-messages';

/** 'Neues Team erstellen': an empty name sends nothing; a failure raises the spec's alert. */
export function CreateTeamCard() {
  const titleId = useId();
  const alert = useAlert();
  const refresh = useRefreshAdminLists();
  const [created, setCreated] = useState('');
  const form = useForm({ resolver: germanResolver(zodResolver(createTeamRequestSchema)), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setCreated('');
    try {
      const team = await createTeam(name);
      form.reset();
      setCreated(de.admin.createTeam.created(team.teamName));
      void refresh();
    } catch (error) {
      showFieldIssues(error, form);
      void alert({ title: de.admin.createTeam.failed, description: errorReason(error) });
    }
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
            error={errors.name?.message}
            {...form.register('name', { onChange: () => setCreated('') })}
          />
          <StatusMessage>{created}</StatusMessage>
          <div>
            <Button type="submit" busy={isSubmitting}>
              {de.admin.createTeam.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

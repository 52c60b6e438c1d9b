import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createArchitectRequestSchema, type CreateArchitectRequest, usernameRulesText } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { SelectField } from '../../components/ui/select-field';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { createArchitect } from './admin-api';
import { useRefreshAdminLists, useTeams } from './use-admin-lists';
import { germanResolver } from '../../lib/form-messages';
import { RequiredLegend } from '../../components/ui/form-field';

type Result = { kind: 'success' | 'error'; text: string } | null;

const empty: CreateArchitectRequest = { teamName: '', username: '', firstName: '', lastName: '', email: '' };

/** 'Benutzer erstellen': an architect in a team; without username, e-mail and team nothing is sent. */
export function CreateUserCard() {
  const titleId = useId();
  const teams = useTeams();
  const refresh = useRefreshAdminLists();
  const [result, setResult] = useState<Result>(null);
  const form = useForm({ resolver: germanResolver(zodResolver(createArchitectRequestSchema)), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const t = de.admin.createUser;

  const onSubmit = form.handleSubmit(async (request) => {
    setResult(null);
    try {
      const answer = await createArchitect(request);
      setResult({ kind: 'success', text: answer.message });
      form.reset({ ...empty, teamName: request.teamName });
    } catch (error) {
      const fieldIssuesShown = showFieldIssues(error, form);
      setResult({ kind: 'error', text: errorText(error, errorContexts.createArchitect, { fieldIssuesShown }) });
    } finally {
      // Also after a failed invitation mail: the account exists then and belongs in the lists.
      void refresh();
    }
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
          <SelectField
            id="create-user-team"
            label={de.admin.team}
            placeholder={de.admin.chooseTeam}
            options={(teams.data ?? []).map((team) => team.teamName)}
            required
            error={errors.teamName?.message}
            {...form.register('teamName')}
          />
          <TextField
            id="create-user-username"
            label={t.username}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={usernameRulesText}
            error={errors.username?.message}
            {...form.register('username')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="create-user-first-name" label={t.firstName} autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextField id="create-user-last-name" label={t.lastName} autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
          </div>
          <TextField id="create-user-email" label={t.email} type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          {result?.kind === 'success' ? <StatusMessage>{result.text}</StatusMessage> : <FormError>{result?.text}</FormError>}
          <div>
            <Button type="submit" busy={isSubmitting}>
              {t.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

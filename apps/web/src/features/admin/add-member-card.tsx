import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { SelectField } from '../../components/ui/select-field';
import { StatusMessage } from '../../components/ui/status-message';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { addMemberFormSchema } from './add-member-form';
import { addMember } from './admin-api';
import { useAvailableArchitects, useRefreshAdminLists, useTeams } from './use-admin-lists';
import { germanResolver } from '../../lib/form-messages';

type Result = { kind: 'success' | 'error'; text: string } | null;

/** 'Benutzer zu Team hinzufügen': needs a team and an architect; shows the server's answer. */
export function AddMemberCard() {
  const titleId = useId();
  const teams = useTeams();
  const architects = useAvailableArchitects();
  const refresh = useRefreshAdminLists();
  const [result, setResult] = useState<Result>(null);
  const form = useForm({ resolver: germanResolver(zodResolver(addMemberFormSchema)), defaultValues: { teamName: '', username: '' } });
  const { errors, isSubmitting } = form.formState;
  const t = de.admin.addMember;

  const onSubmit = form.handleSubmit(async ({ teamName, username }) => {
    setResult(null);
    try {
      const answer = await addMember(teamName, username);
      setResult({ kind: 'success', text: answer.message });
      form.reset({ teamName, username: '' });
      void refresh();
    } catch (error) {
      const fieldIssuesShown = showFieldIssues(error, form);
      setResult({ kind: 'error', text: errorText(error, errorContexts.addMember, { fieldIssuesShown }) });
    }
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <RequiredLegend />
          <SelectField
            id="add-member-team"
            label={de.admin.team}
            placeholder={de.admin.chooseTeam}
            options={(teams.data ?? []).map((team) => team.teamName)}
            required
            error={errors.teamName?.message}
            {...form.register('teamName')}
          />
          <SelectField
            id="add-member-architect"
            label={t.architect}
            placeholder={t.chooseArchitect}
            options={architects.data ?? []}
            required
            error={errors.username?.message}
            {...form.register('username')}
          />
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

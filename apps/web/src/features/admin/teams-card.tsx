import { useId, useState } from 'react';
import { distinctName, type Team } from '@bauakte/domain';
import { Trash2, UserMinus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { PersonNameText } from '../../components/person-name';
import { errorReason } from '../../lib/api-errors';
import { de } from '../../i18n/de';
import { useAlert, useConfirm, useNotify } from '../../platform/feedback/feedback-context';
import { deleteTeam, removeMember } from './admin-api';
import { useRefreshAdminLists, useTeams } from './use-admin-lists';

const t = de.admin.teams;

/** Runs one confirmed change at a time and reloads the lists afterwards, success or not. */
function useConfirmedChange() {
  const confirm = useConfirm();
  const alert = useAlert();
  const notify = useNotify();
  const refresh = useRefreshAdminLists();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, question: string, confirmLabel: string, change: () => Promise<void>, failure: string, done: string) => {
    if (!(await confirm({ title: question, confirmLabel, destructive: true }))) return;
    setBusy(key);
    try {
      await change();
      notify(done);
    } catch (error) {
      void alert({ title: failure, description: errorReason(error) });
    } finally {
      setBusy(null);
      void refresh();
    }
  };
  return { busy, run };
}

function TeamItem({ team, busy, run }: { team: Team } & ReturnType<typeof useConfirmedChange>) {
  const headingId = useId();
  const deleting = busy === `team:${team.teamName}`;

  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          {team.teamName}
        </h3>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={headingId}
          disabled={busy !== null}
          onClick={() => void run(`team:${team.teamName}`, t.confirmDelete(team.teamName), t.delete, () => deleteTeam(team.teamName), t.deleteFailed, de.toast.teamDeleted(team.teamName))}
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden />}
          {t.delete}
        </Button>
      </div>
      {team.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noMembers}</p>
      ) : (
        <ul aria-label={t.members(team.teamName)} className="flex flex-col divide-y divide-border">
          {team.members.map((member) => {
            const { username } = member;
            // By name, as everywhere; the username only where two members share a name.
            const name = distinctName(member, team.members);
            const key = `member:${team.teamName}:${username}`;
            const memberId = `${headingId}-${username}`;
            return (
              <li key={username} className="flex items-center justify-between gap-3 py-2">
                <span id={memberId}>
                  <PersonNameText person={member} among={team.members} />
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-describedby={memberId}
                  disabled={busy !== null}
                  onClick={() =>
                    void run(key, t.confirmRemove(name, team.teamName), t.remove, () => removeMember(team.teamName, username), t.removeFailed, de.toast.memberRemoved(name, team.teamName))
                  }
                >
                  {busy === key ? <Spinner /> : <UserMinus aria-hidden />}
                  {t.remove}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** 'Alle Teams & Mitglieder': delete a team or remove a member, each after a confirmation. */
export function TeamsCard() {
  const titleId = useId();
  const teams = useTeams();
  const change = useConfirmedChange();

  return (
    <Card className="lg:col-span-2" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {teams.isPending ? <Spinner label={de.common.loading} /> : null}
        {teams.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.empty}</p> : null}
        {teams.data && teams.data.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {teams.data.map((team) => (
              <TeamItem key={team.teamName} team={team} {...change} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { useId } from 'react';
import { distinctName } from '@bauakte/domain/labels';
import type { Team } from '@bauakte/domain/schemas';
import { Trash2, UserMinus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { PersonNameText } from '../../components/person-name';
import { errorContexts } from '../../lib/error-contexts';
import { adminKeys } from '../../lib/query-keys';
import { useServerAction, type ServerAction } from '../../platform/actions/use-server-action';
import { de } from '../../i18n/de';
import { deleteTeam, removeMember } from './admin-api';
import { useTeams } from './use-admin-lists';

const t = de.admin.teams;

/** A team deleted, or a member (by name, `name`) removed from it. */
type TeamChange = { kind: 'team'; team: Team } | { kind: 'member'; team: Team; username: string; name: string };

const itemOf = (change: TeamChange) => (change.kind === 'team' ? `team:${change.team.teamName}` : `member:${change.team.teamName}:${change.username}`);

/** One confirmed change at a time; the admin lists reload afterwards, success or not. */
function useTeamChange(): ServerAction<TeamChange> {
  return useServerAction({
    confirm: (change) =>
      change.kind === 'team'
        ? { title: t.confirmDelete(change.team.teamName), confirmLabel: t.delete, destructive: true }
        : { title: t.confirmRemove(change.name, change.team.teamName), confirmLabel: t.remove, destructive: true },
    action: (change) => (change.kind === 'team' ? deleteTeam(change.team.teamName) : removeMember(change.team.teamName, change.username)),
    itemOf,
    invalidates: [adminKeys.all],
    refetchAfterFailure: true,
    notify: (_, change) => (change.kind === 'team' ? de.toast.teamDeleted(change.team.teamName) : de.toast.memberRemoved(change.name, change.team.teamName)),
    errors: (change) => (change.kind === 'team' ? errorContexts.deleteTeam : errorContexts.removeMember),
    alertErrors: true,
  });
}

function TeamItem({ team, change }: { team: Team; change: ServerAction<TeamChange> }) {
  const headingId = useId();
  const deletion: TeamChange = { kind: 'team', team };

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
          disabled={change.busy}
          onClick={() => void change.run(deletion)}
        >
          {change.isBusy(itemOf(deletion)) ? <Spinner /> : <Trash2 aria-hidden />}
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
            const removal: TeamChange = { kind: 'member', team, username, name: distinctName(member, team.members) };
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
                  disabled={change.busy}
                  onClick={() => void change.run(removal)}
                >
                  {change.isBusy(itemOf(removal)) ? <Spinner /> : <UserMinus aria-hidden />}
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
  const change = useTeamChange();

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
              <TeamItem key={team.teamName} team={team} change={change} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

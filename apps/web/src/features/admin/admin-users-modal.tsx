import { useQuery } from '@tanstack/react-query';
import { can, roleLabels, userStatusLabels } from '@bauakte/domain/labels';
import type { UserListItem } from '@bauakte/domain/schemas';
import { DataTable } from '../../components/ui/data-table';
import { EmailText } from '../../components/ui/email-text';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { useLoadMore } from '../../lib/use-load-more';
import { ResendInvitationButton } from '../../platform/invitations/resend-invitation-button';
import { fetchUsers } from './admin-api';
import { adminKeys } from '../../lib/query-keys';

const t = de.admin.users;

function UserRow({ user }: { user: UserListItem }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-3 pr-4 text-left font-medium">
        {user.username}
      </th>
      <td className="py-3 pr-4">{name || t.noName}</td>
      <td className="py-3 pr-4">
        <EmailText email={user.email} />
      </td>
      <td className="py-3 pr-4">{roleLabels[user.role]}</td>
      <td className="py-3 pr-4">{userStatusLabels[user.status]}</td>
      <td className="py-3">{can({ roles: [user.role] }, 'receiveAdminInvitation') && user.status === 'INVITED' ? <ResendInvitationButton username={user.username} /> : null}</td>
    </tr>
  );
}

/** 'Benutzerübersicht' for admins: every account with its role and status. */
export function AdminUsersModal() {
  const users = useQuery({ queryKey: adminKeys.users, queryFn: () => fetchUsers() });
  const more = useLoadMore({ queryKey: adminKeys.users, data: users.data, fetchPage: fetchUsers, keyOf: (user) => user.username });

  return (
    <QueryStates query={users} errorText={t.loadFailed} emptyText={t.empty}>
      {(items) => (
        <>
          <DataTable caption={t.caption} columns={[t.username, t.name, t.email, t.role, t.status, t.actions]}>
            {items.map((user) => (
              <UserRow key={user.username} user={user} />
            ))}
          </DataTable>
          <LoadMoreButton more={more} />
        </>
      )}
    </QueryStates>
  );
}

import { useQuery } from '@tanstack/react-query';
import { roleLabels, userStatusLabels, type UserListItem } from '@bauakte/domain';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { ResendInvitationButton } from '../accounts/resend-invitation-button';
import { adminKeys, fetchUsers } from './admin-api';

const t = de.admin.users;

function UserRow({ user }: { user: UserListItem }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-3 pr-4 text-left font-medium">
        {user.username}
      </th>
      <td className="py-3 pr-4">{name || t.noName}</td>
      <td className="py-3 pr-4 break-all">{user.email}</td>
      <td className="py-3 pr-4">{roleLabels[user.role]}</td>
      <td className="py-3 pr-4">{userStatusLabels[user.status]}</td>
      <td className="py-3">{user.role === 'ARCHI' && user.status === 'INVITED' ? <ResendInvitationButton username={user.username} /> : null}</td>
    </tr>
  );
}

/** 'Benutzerübersicht' for admins: every account with its role and status. */
export function AdminUsersModal() {
  const users = useQuery({ queryKey: adminKeys.users, queryFn: fetchUsers });

  if (users.isPending) return <Spinner label={de.common.loading} />;
  if (users.isError) return <FormError>{t.loadFailed}</FormError>;
  if (users.data.length === 0) return <p className="text-muted-foreground">{t.empty}</p>;

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t.caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-4 font-medium">{t.username}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t.name}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t.email}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t.role}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t.status}</th>
            <th scope="col" className="py-2 font-medium">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => (
            <UserRow key={user.username} user={user} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { userStatusLabels, type PersonName } from '@bauakte/domain/labels';
import type { Customer } from '@bauakte/domain/schemas';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { PersonNameText } from '../../components/person-name';
import { Spinner } from '../../components/ui/spinner';
import { errorContexts } from '../../lib/error-contexts';
import { DataTable } from '../../components/ui/data-table';
import { EmailText } from '../../components/ui/email-text';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { QueryStates } from '../../components/ui/query-states';
import { useLoadMore } from '../../lib/use-load-more';
import { useModal } from '../../platform/modals/modal-context';
import { useServerAction } from '../../platform/actions/use-server-action';
import { de } from '../../i18n/de';
import { ResendInvitationButton } from '../../platform/invitations/resend-invitation-button';
import { useSession } from '../../platform/session/session-context';
import { projectKeys } from '../../lib/query-keys';
import { fetchCustomers } from '../../lib/customer-list';
import { deleteCustomer } from './customers-api';
import { customerKeys } from '../../lib/query-keys';

const t = de.customers.list;

/** Deletes the customer's account after a confirmation; their projects stay, assigned to no one. */
function DeleteCustomer({ username }: { username: string }) {
  const deletion = useServerAction({
    confirm: () => ({ title: t.confirmDelete(username), description: t.confirmDeleteDescription, confirmLabel: t.delete, destructive: true }),
    action: () => deleteCustomer(username),
    invalidates: [customerKeys.all, projectKeys.all],
    refetchAfterFailure: true,
    notify: () => de.toast.customerDeleted(username),
    errors: errorContexts.deleteCustomer,
    alertErrors: true,
  });

  return (
    <Button variant="ghost" size="sm" disabled={deletion.busy} aria-label={`${t.delete}: ${username}`} onClick={() => void deletion.run()}>
      {deletion.busy ? <Spinner /> : <Trash2 aria-hidden />}
      {t.delete}
    </Button>
  );
}

function CustomerRow({ customer, creators }: { customer: Customer; creators: readonly PersonName[] }) {
  const { openModal } = useModal();
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-3 pr-4 text-left font-medium">
        <Button variant="link" className="h-auto p-0" aria-label={t.openProfile(customer.username)} onClick={() => openModal('UserProfil', { username: customer.username })}>
          {customer.username}
        </Button>
      </th>
      <td className="py-3 pr-4">{name || t.noName}</td>
      <td className="py-3 pr-4">
        <EmailText email={customer.email} />
      </td>
      <td className="py-3 pr-4">{userStatusLabels[customer.status]}</td>
      <td className="py-3 pr-4">
        <PersonNameText person={customer.createdBy} among={creators} />
      </td>
      <td className="py-3">
        <div className="flex flex-col items-start gap-2">
          {customer.status === 'INVITED' ? <ResendInvitationButton username={customer.username} /> : null}
          <DeleteCustomer username={customer.username} />
        </div>
      </td>
    </tr>
  );
}

/** 'Kundenübersicht': the customers of the architect's team; a click opens the customer's profile. */
export function CustomersModal() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const customers = useQuery({ queryKey: customerKeys.list(username), queryFn: () => fetchCustomers(username), enabled: user !== null });
  const more = useLoadMore({
    queryKey: customerKeys.list(username),
    data: customers.data,
    fetchPage: (page) => fetchCustomers(username, page),
    keyOf: (customer) => customer.username,
  });

  return (
    <QueryStates query={customers} errorText={t.loadFailed} emptyText={t.empty}>
      {(items) => (
        <>
          <DataTable caption={t.caption} columns={[t.username, t.name, t.email, t.status, t.createdBy, t.actions]}>
            {items.map((customer) => (
              <CustomerRow key={customer.username} customer={customer} creators={items.map((item) => item.createdBy)} />
            ))}
          </DataTable>
          <LoadMoreButton more={more} />
        </>
      )}
    </QueryStates>
  );
}

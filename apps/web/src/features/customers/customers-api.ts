import type { CreateCustomerRequest, Customer } from '@bauakte/domain';
import { apiRequest } from '../../lib/api';

/** The architect's customer lists live under 'customers': one invalidation refreshes them all. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (username: string) => ['customers', username.toLowerCase()] as const,
};

/** For one's own username: the customers of the whole team, each with the architect who created it. */
export function fetchCustomers(username: string): Promise<Customer[]> {
  return apiRequest<Customer[]>(`/ClientManagment/${encodeURIComponent(username)}`);
}

/** Creates the customer and mails the invitation (502 MAIL_FAILED: created, but the mail failed). */
export function createCustomer(request: CreateCustomerRequest): Promise<Customer> {
  return apiRequest<Customer>('/ClientManagment', { method: 'POST', body: request });
}

/** Deletes the customer's account; the projects stay, assigned to no one. */
export function deleteCustomer(username: string): Promise<void> {
  return apiRequest<void>(`/profil/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

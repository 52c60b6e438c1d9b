import type { CreateCustomerRequest, Customer } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';

/** Creates the customer; the server queues the invitation mail with it (503 MAIL_QUEUE_FULL: nothing created). */
export function createCustomer(request: CreateCustomerRequest): Promise<Customer> {
  return apiRequest<Customer>('/ClientManagment', { method: 'POST', body: request });
}

/** Deletes the customer's account; the projects stay, assigned to no one. */
export function deleteCustomer(username: string): Promise<void> {
  return apiRequest<void>(`/profil/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

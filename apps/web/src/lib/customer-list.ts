import type { Customer } from '@bauakte/domain/schemas';
import { apiRequest } from './api';
import { listPageSize, pageParams } from './use-load-more';

/** For one's own username: a page of the customers of the whole team (by name), each with the architect who created it. */
export function fetchCustomers(username: string, page = 1, limit = listPageSize): Promise<Customer[]> {
  return apiRequest<Customer[]>(`/ClientManagment/${encodeURIComponent(username)}?${pageParams(page, limit)}`);
}

/** The largest page the server gives. */
const largestPage = 200;

/** All of the team's customers, page by page: a choice must offer every one. */
export async function fetchAllCustomers(username: string): Promise<Customer[]> {
  const all: Customer[] = [];
  for (let page = 1; ; page += 1) {
    const customers = await fetchCustomers(username, page, largestPage);
    all.push(...customers);
    if (customers.length < largestPage) return all;
  }
}

import { expect, type APIRequestContext } from '@playwright/test';
import type { TestAccount } from './accounts';

export async function apiToken(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The Baujahr the server holds for the project's step 1. */
export async function storedYear(request: APIRequestContext, account: TestAccount, projectId: number): Promise<unknown> {
  const token = await apiToken(request, account);
  const response = await request.get(`/api/general/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { constructionYear?: unknown }).constructionYear ?? null;
}

import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, type TestAccount } from './accounts';

/** The Baujahr the server holds for the project's step 1. */
export async function storedYear(request: APIRequestContext, account: TestAccount, projectId: number): Promise<unknown> {
  const token = await apiToken(request, account);
  const response = await request.get(`/api/general/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { constructionYear?: unknown }).constructionYear ?? null;
}

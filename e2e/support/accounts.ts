import { expect, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from './env';
import { appPathOf, linkIn, waitForMail } from './mail';

/** A name no other test of the run uses (both workers share one server and database). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

/** The account's bearer token, as the login answers it. */
export async function apiToken(request: APIRequestContext, account: { username: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(response.status(), `login of ${account.username}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return apiToken(request, e2eAdmin);
}

/** Creates a team through the API (as the admin) and answers its name. */
export async function createTeamViaApi(request: APIRequestContext, token: string, prefix = 'Team'): Promise<string> {
  const name = uniqueName(prefix);
  const response = await request.post('/api/team/create', { data: { name }, headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(201);
  return name;
}

export interface Invitation {
  username: string;
  email: string;
  teamName: string;
  /** The app-relative /register?token=… path from the invitation mail. */
  registerPath: string;
}

/** Creates an invited architect through the API and reads the invitation link from the caught mail. */
export async function inviteArchitectViaApi(request: APIRequestContext, teamName?: string): Promise<Invitation> {
  const token = await adminToken(request);
  const team = teamName ?? (await createTeamViaApi(request, token));
  const username = uniqueName('archi');
  const email = `${username}@e2e.bauakte.test`;
  const created = await request.post('/api/team/createUser', {
    data: { username, email, firstName: 'Erika', lastName: 'Muster', teamName: team },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const mail = await waitForMail(email, /Einladung/);
  return { username, email, teamName: team, registerPath: appPathOf(linkIn(mail, '/register?token=')) };
}

/** An architect who has registered: ready to log in. */
export async function createArchitectViaApi(request: APIRequestContext, teamName?: string): Promise<TestAccount & { teamName: string }> {
  const invitation = await inviteArchitectViaApi(request, teamName);
  const password = 'e2e-architekt-passwort';
  const registered = await request.put(`/api${invitation.registerPath}`, {
    data: { username: invitation.username, firstName: 'Erika', lastName: 'Muster', email: invitation.email, phone: '+43 1 234', password },
  });
  expect(registered.status()).toBe(200);
  return { username: invitation.username, email: invitation.email, password, teamName: invitation.teamName };
}

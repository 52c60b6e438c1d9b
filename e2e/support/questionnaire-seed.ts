import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createArchitectViaApi, uniqueName, type TestAccount } from './accounts';
import { appPathOf, linkIn, waitForMail } from './mail';
import { loginAs } from './fixtures';

export interface SeededProject {
  architect: TestAccount;
  client: TestAccount;
  projectId: number;
  projectName: string;
}

/** The architect creates a client, who registers through the mailed invitation with an address. */
async function createClientViaApi(request: APIRequestContext, architectToken: string): Promise<TestAccount> {
  const username = uniqueName('kundin');
  const email = `${username}@e2e.bauakte.test`;
  const person = { username, firstName: 'Klara', lastName: 'Kundin', email };
  const created = await request.post('/api/ClientManagment', {
    data: { ...person, address: { street: 'Annenstraße', number: '12', city: 'Graz', country: 'Österreich', postalCode: '8020' } },
    headers: { authorization: `Bearer ${architectToken}` },
  });
  expect(created.status(), 'client created').toBe(201);

  const invitation = await waitForMail(email, /Einladung/);
  const password = 'e2e-kundin-passwort';
  const registered = await request.put(`/api${appPathOf(linkIn(invitation, '/register?token='))}`, {
    data: {
      ...person,
      phone: '+43 316 123456',
      password,
      address: { city: 'Graz', community: 'Graz', street: 'Annenstraße', houseNumber: '12', postalCode: '8020' },
    },
  });
  expect(registered.status(), 'client registered').toBe(200);
  return { username, email, password };
}

/** A fresh architect, their registered client and a project assigned to that client, all through the API. */
export async function seedClientProject(request: APIRequestContext): Promise<SeededProject> {
  const architect = await createArchitectViaApi(request);
  const architectToken = await apiToken(request, architect);
  const client = await createClientViaApi(request, architectToken);
  const projectName = uniqueName('Sanierung');
  const project = await request.post('/api/ProjectManagment', {
    data: { name: projectName, assignedUser: client.username },
    headers: { authorization: `Bearer ${architectToken}` },
  });
  expect(project.status(), 'project created').toBe(201);
  const { id } = (await project.json()) as { id: number };
  return { architect, client, projectId: id, projectName };
}

/** The client logs in, lands on their dashboard and has the project chosen. */
export async function loginAsClientWithProject(page: Page, client: { username: string; password: string }, projectId: number): Promise<void> {
  await loginAs(page, client.username, client.password);
  await expect(page).toHaveURL(/\/dashboardClient$/);
  await selectProjectInSession(page, projectId);
}

/** Holds the project in the session as choosing it in the app does (sessionStorage 'projectId'). */
export async function selectProjectInSession(page: Page, projectId: number): Promise<void> {
  await page.evaluate((id) => sessionStorage.setItem('projectId', String(id)), projectId);
}

/** All four steps answered, in the API's field names and values (as the server's own tests answer them). */
export const fullAnswers = {
  general: { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965 },
  storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: false, isRenovated: true },
  windows: { isDifferentWindows: false, windowConstructionYear: 1990, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'WOOD', isRollerBlindHousing: true },
  heating: {
    heatProducer: 'CONDENSING_BOILER',
    fuelType: 'GAS',
    constructionYearHeating: '2005',
    hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING',
    heatEmission: 'SMALL_AREA_HEAT_EMISSION',
    temperatureRegulation: 'SINGLE_ROOM_VALVE',
  },
} as const;

/** The account (the client, as a rule) answers the whole questionnaire of the project through the API. */
export async function answerQuestionnaireViaApi(request: APIRequestContext, account: TestAccount, projectId: number): Promise<void> {
  const token = await apiToken(request, account);
  for (const [step, answers] of Object.entries(fullAnswers)) {
    const saved = await request.put(`/api/${step}/${projectId}`, { data: answers, headers: { authorization: `Bearer ${token}` } });
    expect(saved.status(), `${step} saved`).toBe(200);
  }
}

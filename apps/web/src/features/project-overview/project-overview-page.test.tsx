import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { Project } from '@bauakte/domain/schemas';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser, testQueryClient } from '../../test/render';
import { ModalHost } from '../../test/modal-host';
import { clearSelectedProject, getSelectedProjectId, selectProject, suppressMissingProjectWarning } from '../../platform/project/project-selection';
import { missingProjectRedirectDelayMs } from '../../platform/project/use-required-project';
import { prefetchOverview } from './overview-start';
import { ProjectOverviewPage } from './project-overview-page';

function Elsewhere() {
  const location = useLocation();
  return <p>Seite {location.pathname + location.search}</p>;
}

function Here() {
  const location = useLocation();
  return (
    <>
      <ProjectOverviewPage />
      <p data-testid="location">{location.pathname + location.search}</p>
    </>
  );
}

const project: Project = {
  id: 7,
  name: 'Sanierung Annenstraße',
  description: 'Dach und Fenster',
  assignedUser: 'klara',
  creationName: 'mara',
  progress: 40,
  status: 'IN_PROGRESS',
  address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: 63101, postalCode: '8020', country: 'Österreich' },
};

const profileOf = (username: string, firstName: string, lastName: string) => ({
  username,
  firstName,
  lastName,
  email: `${username}@example.at`,
  phoneNumber: '',
  roles: ['CLIENT'],
  address: { street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '' },
});

interface Options {
  roles?: string[];
  projectId?: string | null;
  route?: string;
  suppressed?: boolean;
  handlers?: Parameters<typeof stubApi>[0];
  /** The query cache, e.g. one the app's start filled. */
  queryClient?: QueryClient;
}

function setup({ roles = ['ARCHI'], projectId = '7', route = '/projectOverview', suppressed = false, handlers = {}, queryClient = testQueryClient() }: Options = {}) {
  sessionStorage.clear();
  // Selecting lifts a suppression an earlier test left in the module.
  selectProject('0');
  clearSelectedProject();
  if (projectId) selectProject(projectId);
  if (suppressed) suppressMissingProjectWarning();
  const api = stubApi({
    'GET /api/DashboardClient/project/7': () => json(200, project),
    'GET /api/questionnaire/7/changes': () => json(200, []),
    'GET /api/s3/project/7': () => json(200, []),
    'GET /api/s3/project/7/open-items': () => json(200, []),
    'GET /api/s3/project/7/assignees': () => json(200, []),
    ...handlers,
  });
  const rendered = renderWithProviders(
    <ModalHost>
      <Routes>
        <Route path="/projectOverview" element={<Here />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </ModalHost>,
    { user: sessionUser(roles.includes('CLIENT') ? 'klara' : 'mara', roles), route, path: '*', queryClient },
  );
  return { api, ...rendered };
}

const card = (title: string) => screen.getByRole('region', { name: title });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => onlineManager.setOnline(online));
}

describe('ProjectOverviewPage offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('says at once that a project not kept on the device is not there, and shows it in place once the connection is back', async () => {
    setConnection(false);
    setup();
    expect(await screen.findByText('Dieses Projekt ist auf diesem Gerät nicht gespeichert. Öffnen Sie es einmal mit Verbindung, dann steht es auch offline bereit.')).toBeTruthy();
    expect(screen.queryByText('Laden...')).toBeNull();

    setConnection(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanierung Annenstraße' })).toBeTruthy();
    expect(screen.queryByText(/nicht gespeichert/)).toBeNull();
  });
});

describe('ProjectOverviewPage', () => {
  it("shows architects the 'Änderungsverlauf': who changed which answers when, in German", async () => {
    setup({
      handlers: {
        'GET /api/questionnaire/7/changes': () =>
          json(200, [
            {
              kind: 'PIN',
              changedBy: 'klara',
              changedByPerson: { username: 'klara', firstName: 'Klara', lastName: 'Kogler' },
              changedAt: '2026-11-21T15:00:00.000Z',
              fileId: 12,
              fileName: 'Grundriss EG',
              pinNumber: 4,
              comment: 'Hier fehlt die Tür zum Abstellraum, bitte prüfen Sie auch, ob das Fenster daneben wirklich 1,20 m breit ist',
            },
            { kind: 'VERSION', changedBy: 'mara', changedByPerson: { username: 'mara', firstName: 'Mara', lastName: 'Berger' }, changedAt: '2026-11-21T14:00:00.000Z', fileId: 12, fileName: 'Grundriss EG', version: 3 },
            {
              kind: 'QUESTIONNAIRE',
              step: 'heating',
              changedBy: 'klara',
              changedByPerson: { username: 'klara', firstName: 'Klara', lastName: 'Kogler' },
              changedAt: '2026-11-21T13:05:00.000Z',
              changes: { fuelType: { from: 'GAS', to: 'WOOD' }, constructionYearHeating: { from: null, to: 'um 2005' } },
            },
            // The account is gone: only the username it had is left.
            { kind: 'QUESTIONNAIRE', step: 'general', changedBy: 'altkunde', changedByPerson: null, changedAt: '2026-11-20T09:00:00.000Z', changes: { buildingUsage: { from: null, to: 'WOHNBAU' } } },
          ]),
      },
    });
    const log = await screen.findByRole('list', { name: 'Wer hat wann was am Fragebogen und an den Plänen geändert' });
    // It scrolls and holds no link or button: the keyboard reaches it as a whole.
    expect(log.tabIndex).toBe(0);
    const items = Array.from(log.children, (item) => item.textContent);
    expect(items[0]).toBe('21.11.2026, 16:00 · Klara KoglerMarkierung 4 auf „Grundriss EG“: Hier fehlt die Tür zum Abstellraum, bitte prüfen Sie auch, ob das Fenster daneb…');
    expect(items[1]).toBe('21.11.2026, 15:00 · Mara BergerNeue Version 3 von „Grundriss EG“');
    expect(log.textContent).toContain('21.11.2026, 14:05 · Klara Kogler · Heizung');
    expect(screen.getAllByTitle('klara')[0]!.textContent).toContain('Klara Kogler');
    expect(log.textContent).toContain('20.11.2026, 10:00 · altkunde · Allgemeine Informationen');
    expect(log.textContent).toContain('Brennstoff: Gas → Pellets');
    expect(log.textContent).toContain('Baujahr der Heizung: – → um 2005');
  });

  it("shows an empty 'Änderungsverlauf' before anything was saved, and none to clients", async () => {
    setup();
    expect(await screen.findByText('Am Fragebogen und an den Plänen wurde noch nichts geändert.')).toBeTruthy();
    cleanup();
    const { api } = setup({ roles: ['CLIENT'] });
    await screen.findByRole('heading', { name: 'Projektinformationen' });
    expect(screen.queryByRole('heading', { name: 'Änderungsverlauf' })).toBeNull();
    expect(api.callsTo('GET', '/api/questionnaire/7/changes')).toHaveLength(0);
  });

  it("names the customer by username while their profile cannot be read, and 'Nicht zugewiesen' without one", async () => {
    setup();
    const info = await screen.findByRole('region', { name: 'Projektinformationen' });
    expect(within(info).getByText('klara')).toBeTruthy();
    cleanup();
    setup({ handlers: { 'GET /api/DashboardClient/project/7': () => json(200, { ...project, assignedUser: null }) } });
    expect(within(await screen.findByRole('region', { name: 'Projektinformationen' })).getByText('Nicht zugewiesen')).toBeTruthy();
  });

  it('shows the project information with address, Katastralgemeinde, customer by name, description and progress to architects', async () => {
    setup({ handlers: { 'GET /api/profil/klara': () => json(200, profileOf('klara', 'Klara', 'Kogler')) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanierung Annenstraße' })).toBeTruthy();
    // The cards follow the title in a render of their own.
    const info = await screen.findByRole('region', { name: 'Projektinformationen' });
    expect(within(info).getByText('Annenstraße 12, 8020 Graz, Österreich')).toBeTruthy();
    expect(within(info).getByText('63101')).toBeTruthy();
    expect(await within(info).findByText('Klara Kogler')).toBeTruthy();
    expect(within(info).queryByText('klara')).toBeNull();
    expect(within(info).getByText('Dach und Fenster')).toBeTruthy();
    const bar = within(info).getByRole('progressbar', { name: 'Fortschritt:' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(within(info).getByText('40 % – In Bearbeitung')).toBeTruthy();
    expect(within(card('Aktionen')).getByRole('button', { name: 'Projekt exportieren' })).toBeTruthy();
    expect(await within(card('Projektdateien')).findByText('Noch keine Dateien vorhanden.')).toBeTruthy();
  });

  it("hides 'Aktionen', the Katastralgemeinde and the customer from clients", async () => {
    setup({ roles: ['CLIENT'] });
    await screen.findByRole('heading', { level: 1, name: 'Sanierung Annenstraße' });
    await screen.findByRole('region', { name: 'Projektinformationen' });
    expect(screen.queryByRole('region', { name: 'Aktionen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Projekt exportieren' })).toBeNull();
    expect(screen.queryByText('63101')).toBeNull();
    expect(within(card('Projektdateien')).getByRole('button', { name: '+ Plan hochladen' })).toBeTruthy();
  });

  it("offers 'Fragebogen fortsetzen' with the progress and opens the first step with open questions", async () => {
    setup({
      roles: ['CLIENT'],
      handlers: {
        'GET /api/questionnaire/7': () => json(200, { general: {}, storeys: {}, windows: {}, heating: {} }),
      },
    });
    const action = await screen.findByRole('button', { name: /^Fragebogen fortsetzen \(40\s%\)$/ });
    await userEvent.click(action);
    expect(await screen.findByText('Seite /general')).toBeTruthy();
  });

  it("offers 'Fragebogen ansehen' once every question is answered", async () => {
    setup({ handlers: { 'GET /api/DashboardClient/project/7': () => json(200, { ...project, progress: 100, status: 'COMPLETE' }) } });
    expect(await screen.findByRole('button', { name: 'Fragebogen ansehen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Fragebogen fortsetzen/ })).toBeNull();
  });

  it('opens the export modal for the shown project, and the upload modal', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Projekt exportieren' }));
    const exportDialog = await screen.findByRole('dialog', { name: 'Projekt exportieren' });
    expect(await within(exportDialog).findByRole('radiogroup', { name: 'Zustellung' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '+ Plan hochladen' }));
    const upload = await screen.findByRole('dialog', { name: 'Plan hochladen' });
    expect(await within(upload).findByLabelText('Titel')).toBeTruthy();
  });

  it("lists the project's files in 'Projektdateien'", async () => {
    const { api } = setup({
      roles: ['CLIENT'],
      handlers: {
        'GET /api/s3/project/7': () =>
          json(200, [
            {
              id: 34, url: '/api/s3/download/7/34?expires=1&signature=x', thumbnailUrl: null, pageCount: null, pagesUrl: null, name: 'Grundriss EG', comment: 'Stand November',
              documentType: 'PDF', contentType: 'application/pdf', size: 2048, originalName: 'grundriss.pdf', uploadedBy: 'mara',
              uploadedByName: 'Mara Architektin', uploadedAt: '2026-11-22T13:05:00.000Z',
            },
          ]),
      },
    });
    const files = await screen.findByRole('region', { name: 'Projektdateien' });
    expect(await within(files).findByRole('article', { name: 'Grundriss EG' })).toBeTruthy();
    expect(within(files).getByText('Stand November')).toBeTruthy();
    expect(api.callsTo('GET', '/api/s3/project/7')).toHaveLength(1);
  });

  it('opens a plan link with the plan first: the cards below the files come once the viewer closes, and at once for a link no tile opens', async () => {
    const drawing = {
      id: 34, planId: 34, version: 1, versionCount: 1, url: '/api/s3/download/7/34?expires=1&signature=x', thumbnailUrl: null,
      pageCount: 3, pagesUrl: '/api/s3/download/7/34/pages?expires=1&signature=y', name: 'Grundriss EG', comment: '',
      documentType: 'PDF', contentType: 'application/pdf', size: 2048, originalName: 'grundriss.pdf', uploadedBy: 'mara',
      uploadedByName: 'Mara Architektin', uploadedAt: '2026-11-22T13:05:00.000Z',
    };
    const handlers = { 'GET /api/s3/project/7': () => json(200, [drawing]), 'GET /api/s3/project/7/files/34/pins': () => json(200, []) };
    setup({ roles: ['CLIENT'], route: '/projectOverview?projectId=7&plan=34&page=2', handlers });
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Seite 2 von 3')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Offline verfügbar', hidden: true })).toBeNull();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Offline verfügbar' })).toBeTruthy();
    cleanup();

    setup({ roles: ['CLIENT'], route: '/projectOverview?projectId=7&plan=99&page=1', handlers });
    expect(await screen.findByRole('region', { name: 'Offline verfügbar' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the project, its files and its change log as the start fetched them, asking none of them again', async () => {
    const queryClient = testQueryClient();
    const start = stubApi({
      'GET /api/DashboardClient/project/7': () => json(200, project),
      'GET /api/questionnaire/7/changes': () => json(200, []),
      'GET /api/s3/project/7': () => json(200, []),
    });
    prefetchOverview(queryClient, '/projectOverview', '?projectId=7', sessionUser('mara', ['ARCHI']));
    await waitFor(() => expect(start.calls).toHaveLength(3));

    const { api } = setup({ queryClient });
    expect(await screen.findByRole('heading', { name: 'Sanierung Annenstraße' })).toBeTruthy();
    expect(await screen.findByText('Am Fragebogen und an den Plänen wurde noch nichts geändert.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Projektdateien' })).getByText('Noch keine Dateien vorhanden.')).toBeTruthy();
    for (const path of ['/api/DashboardClient/project/7', '/api/s3/project/7', '/api/questionnaire/7/changes']) expect(api.callsTo('GET', path)).toHaveLength(0);
  });

  it("says 'Projekt konnte nicht geladen werden.' when the request fails", async () => {
    setup({ handlers: { 'GET /api/DashboardClient/project/7': () => json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' }) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Projekt konnte nicht geladen werden.');
    await userEvent.click(screen.getByRole('button', { name: 'Zur Startseite' }));
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
    expect(getSelectedProjectId()).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('selects the project of a ?projectId= link and drops the parameter', async () => {
    const { api } = setup({ projectId: null, route: '/projectOverview?projectId=7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanierung Annenstraße' })).toBeTruthy();
    expect(getSelectedProjectId()).toBe('7');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projectOverview'));
    expect(api.callsTo('GET', '/api/DashboardClient/project/7')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes the project after the confirmation, forgets it and goes to /dashboard', async () => {
    const { api } = setup({ handlers: { 'DELETE /api/ProjectManagment/project/7': () => noContent() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Projekt löschen' }));
    const question = screen.getByRole('alertdialog', { name: 'Soll das Projekt "Sanierung Annenstraße" wirklich gelöscht werden?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Projekt löschen' }));
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
    expect(screen.getByText('Projekt gelöscht')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/ProjectManagment/project/7')).toHaveLength(1);
    expect(getSelectedProjectId()).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the project when the deletion is cancelled', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Projekt löschen' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('DELETE', '/api/ProjectManagment/project/7')).toHaveLength(0);
    expect(getSelectedProjectId()).toBe('7');
  });

  it('edits name, description and address, refusing a Katastralgemeinde out of range', async () => {
    const { api } = setup({
      handlers: {
        'PUT /api/ProjectManagment/project/7': (call) => json(200, { ...project, ...(call.body as object) }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Projekt bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt bearbeiten' });
    const name = within(dialog).getByLabelText('Projektname');
    expect((name as HTMLInputElement).value).toBe('Sanierung Annenstraße');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sanierung Lend');
    const katastral = within(dialog).getByLabelText('Katastralgemeinde (KG-Nummer)');
    await userEvent.clear(katastral);
    await userEvent.type(katastral, '99999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Der Wert darf nicht größer als 92129 sein.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/ProjectManagment/project/7')).toHaveLength(0);

    await userEvent.clear(katastral);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Projekt bearbeiten' })).toBeNull());
    expect(api.callsTo('PUT', '/api/ProjectManagment/project/7')[0]?.body).toEqual({
      name: 'Sanierung Lend',
      description: 'Dach und Fenster',
      address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: null, postalCode: '8020', country: 'Österreich' },
    });
  });
});

describe('ProjectOverviewPage without a project', () => {
  it('warns, then goes to /dashboard after 500 ms (architects)', async () => {
    vi.useFakeTimers();
    const { api } = setup({ projectId: null });
    expect(screen.getByRole('alertdialog', { name: 'Fehler bei der Projektzuordnung. Sie werden zur Startseite weitergeleitet.' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(missingProjectRedirectDelayMs - 1));
    expect(screen.queryByText('Seite /dashboard')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('Seite /dashboard')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('goes to /dashboardClient for clients, quietly when the warning is suppressed', async () => {
    vi.useFakeTimers();
    setup({ projectId: null, roles: ['CLIENT'], suppressed: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(missingProjectRedirectDelayMs));
    expect(screen.getByText('Seite /dashboardClient')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats a malformed ?projectId= as no project', async () => {
    vi.useFakeTimers();
    setup({ projectId: null, route: '/projectOverview?projectId=abc' });
    await act(async () => vi.advanceTimersByTime(0));
    expect(screen.getByRole('alertdialog', { name: 'Fehler bei der Projektzuordnung. Sie werden zur Startseite weitergeleitet.' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(missingProjectRedirectDelayMs));
    expect(screen.getByText('Seite /dashboard')).toBeTruthy();
  });
});

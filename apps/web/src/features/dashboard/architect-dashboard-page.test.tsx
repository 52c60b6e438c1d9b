import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { DashboardProject, ProjectSearchItem } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { ModalHost } from '../../test/modal-host';
import { getSelectedProjectId } from '../../platform/project/project-selection';
import { ArchitectDashboardPage, architectDefaultLayout } from './architect-dashboard-page';
import { layoutSaveDelayMs } from './use-layout-saver';

function Elsewhere() {
  return <p>Seite {useLocation().pathname}</p>;
}

const news: DashboardProject[] = [
  {
    id: 7,
    name: 'Sanierung Annenstraße',
    status: 'IN_PROGRESS',
    assignedUser: 'kundin1',
    customer: { username: 'kundin1', firstName: 'Kathrin', lastName: 'Huber' },
    changedAt: '2025-03-01T10:00:00.000Z',
    progress: 75,
    newFiles: 2,
    questionnaireChanges: 1,
  },
  { id: 8, name: 'Dachausbau Lend', status: 'NEW', assignedUser: null, changedAt: '2025-02-01T10:00:00.000Z' },
];

const address = { street: 'Annenstraße', number: '12', city: 'Graz', katastral: 63101, postalCode: '8020', country: 'Österreich' };
const searchable: ProjectSearchItem[] = Array.from({ length: 23 }, (_, index) => ({
  id: 100 + index,
  name: `Wohnhaus ${index + 1}`,
  status: index === 0 ? 'COMPLETE' : 'NEW',
  progress: index === 0 ? 100 : 0,
  address: { ...address, number: String(index + 1) },
  customer: index === 0 ? { username: 'mgruber', firstName: 'Maria', lastName: 'Gruber' } : null,
  changedAt: '2026-03-01T10:00:00.000Z',
}));

/** The server's search, cut down: the name filter and paging the card relies on. */
function searchAnswer(path: string) {
  const params = new URL(path, 'http://localhost').searchParams;
  const query = (params.get('query') ?? '').toLowerCase();
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const matching = searchable.filter((item) => `${item.name} ${item.customer?.firstName ?? ''} ${item.customer?.lastName ?? ''}`.toLowerCase().includes(query));
  return json(200, { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize });
}

function setup(handlers: Parameters<typeof stubApi>[0] = {}, roles: string[] = ['ARCHI']) {
  const api = stubApi({
    'GET /api/ProjectManagment/dash/mara': () => json(200, news),
    'GET /api/dashboardLayout/architect': () => json(200, []),
    'PUT /api/dashboardLayout/architect': (call) => json(200, call.body),
    'GET /api/MessageManagment/newChat/mara': () => json(200, []),
    'GET /api/projects': (call) => searchAnswer(call.path),
    ...handlers,
  });
  renderWithProviders(
    <ModalHost>
      <Routes>
        <Route path="/dashboard" element={<ArchitectDashboardPage />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </ModalHost>,
    { user: sessionUser('mara', roles), route: '/dashboard', path: '*' },
  );
  return api;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
const findCard = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement;

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ArchitectDashboardPage', () => {
  it('sends a client who opens /dashboard to their own dashboard', async () => {
    const api = setup({}, ['CLIENT']);
    expect(await screen.findByText('Seite /dashboardClient')).toBeTruthy();
    expect(api.callsTo('GET', '/api/ProjectManagment/dash/mara')).toHaveLength(0);
  });

  it('lists the projects with news: name, German status label and customer by name or "Nicht zugewiesen"', async () => {
    setup();
    const first = await screen.findByRole('button', { name: /Sanierung Annenstraße/ });
    expect(first.textContent).toContain('In Bearbeitung');
    expect(first.textContent).toContain('Kathrin Huber');
    expect(within(first).getByTitle('kundin1')).toBeTruthy();
    const second = screen.getByRole('button', { name: /Dachausbau Lend/ });
    expect(second.textContent).toContain('Neu');
    expect(second.textContent).toContain('Nicht zugewiesen');
  });

  it('says what is new in each project: questionnaire progress and the number of new files', async () => {
    setup({
      'GET /api/ProjectManagment/dash/mara': () =>
        json(200, [...news, { id: 9, name: 'Zubau Gries', status: 'IN_PROGRESS', assignedUser: null, changedAt: '2025-01-01T10:00:00.000Z', progress: 40, newFiles: 1, questionnaireChanges: 0 }]),
    });
    const first = await screen.findByRole('button', { name: /Sanierung Annenstraße/ });
    expect(within(first).getByText('Fragebogen 75 %')).toBeTruthy();
    expect(within(first).getByText('2 neue Dateien')).toBeTruthy();
    const third = screen.getByRole('button', { name: /Zubau Gries/ });
    expect(within(third).getByText('1 neue Datei')).toBeTruthy();
    expect(third.textContent).not.toContain('Fragebogen');
    expect(screen.getByRole('button', { name: /Dachausbau Lend/ }).textContent).not.toMatch(/Fragebogen|Datei/);
  });

  it("says which new files are new versions of a plan: '1 neue Datei', '2 neue Versionen'", async () => {
    setup({
      'GET /api/ProjectManagment/dash/mara': () =>
        json(200, [
          { ...news[0]!, newFiles: 3, newVersions: 2 },
          { id: 9, name: 'Zubau Gries', status: 'IN_PROGRESS', assignedUser: null, changedAt: '2025-01-01T10:00:00.000Z', progress: 40, newFiles: 1, newVersions: 1, questionnaireChanges: 0 },
        ]),
    });
    const first = await screen.findByRole('button', { name: /Sanierung Annenstraße/ });
    expect(within(first).getByText('1 neue Datei')).toBeTruthy();
    expect(within(first).getByText('2 neue Versionen')).toBeTruthy();
    const only = screen.getByRole('button', { name: /Zubau Gries/ });
    expect(within(only).getByText('1 neue Version')).toBeTruthy();
    expect(only.textContent).not.toContain('Datei');
  });

  it("says how many pins were placed on the project's plans: '1 neue Markierung', '4 neue Markierungen'", async () => {
    setup({
      'GET /api/ProjectManagment/dash/mara': () =>
        json(200, [
          { ...news[0]!, newPins: 4 },
          { id: 9, name: 'Zubau Gries', status: 'IN_PROGRESS', assignedUser: null, changedAt: '2025-01-01T10:00:00.000Z', progress: 40, newFiles: 0, newPins: 1, questionnaireChanges: 0 },
        ]),
    });
    expect(within(await screen.findByRole('button', { name: /Sanierung Annenstraße/ })).getByText('4 neue Markierungen')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /Zubau Gries/ })).getByText('1 neue Markierung')).toBeTruthy();
  });

  it("says what the client did to the items: '2 Statusänderungen', '1 Rückfrage beantwortet'", async () => {
    setup({
      'GET /api/ProjectManagment/dash/mara': () => json(200, [{ ...news[0]!, statusChanges: 2, answeredFollowUps: 1 }]),
    });
    const entry = await screen.findByRole('button', { name: /Sanierung Annenstraße/ });
    expect(within(entry).getByText('2 Statusänderungen')).toBeTruthy();
    expect(within(entry).getByText('1 Rückfrage beantwortet')).toBeTruthy();
  });

  it('says how many chat messages from the customer are unread: one as \'neue Nachricht\', more with their number', async () => {
    setup({
      'GET /api/ProjectManagment/dash/mara': () =>
        json(200, [
          { ...news[0]!, unreadMessages: 3 },
          { id: 9, name: 'Zubau Gries', status: 'IN_PROGRESS', assignedUser: 'kundin2', changedAt: '2025-01-01T10:00:00.000Z', progress: 40, newFiles: 0, questionnaireChanges: 0, unreadMessages: 1 },
          news[1]!,
        ]),
    });
    const first = await screen.findByRole('button', { name: /Sanierung Annenstraße/ });
    expect(within(first).getByText('3 neue Nachrichten')).toBeTruthy();
    expect(within(first).getByText('2 neue Dateien')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /Zubau Gries/ })).getByText('neue Nachricht')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Dachausbau Lend/ }).textContent).not.toContain('Nachricht');
  });

  it('stores the id of a clicked project and goes to /projectOverview', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: /Dachausbau Lend/ }));
    expect(getSelectedProjectId()).toBe('8');
    expect(await screen.findByText('Seite /projectOverview')).toBeTruthy();
  });

  it('shows the empty state and the load error', async () => {
    setup({ 'GET /api/ProjectManagment/dash/mara': () => json(200, []) });
    expect(await screen.findByText('Keine neuen Projekte')).toBeTruthy();
    cleanup();

    setup({ 'GET /api/ProjectManagment/dash/mara': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    expect((await within(await screen.findByRole('region', { name: 'Projekte mit Neuerungen' })).findByRole('alert')).textContent).toBe(
      'Fehler beim Laden der Projekte.',
    );
  });

  it('treats a string answer as no news (spec section 7)', async () => {
    setup({ 'GET /api/ProjectManagment/dash/mara': () => json(200, 'keine') });
    expect(await screen.findByText('Keine neuen Projekte')).toBeTruthy();
  });

  it("shows 'Keine neuen Nachrichten' without messages, and the user information with the user's first and last name", async () => {
    setup({
      'GET /api/profil/mara': () =>
        json(200, {
          username: 'mara',
          firstName: 'Mara',
          lastName: 'Huber',
          email: 'mara@example.at',
          phoneNumber: '',
          roles: ['ARCHI'],
          address: { street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '' },
        }),
    });
    await screen.findByRole('heading', { name: 'Benutzerinformationen' });
    expect(await within(card('Neusten Nachrichten')).findByText('Keine neuen Nachrichten')).toBeTruthy();
    const info = card('Benutzerinformationen');
    expect(await within(info).findByText('Mara Huber')).toBeTruthy();
    expect(within(info).queryByText('mara')).toBeNull();
    expect(within(info).getByText('Architekt/in')).toBeTruthy();
  });

  it("names the senders of the newest messages, with the username the spec shows beside the name", async () => {
    const sent = { id: 1, chatId: 3, message: 'Pläne sind hochgeladen', receiverUsername: 'mara', isRead: false, sentAt: '2026-11-23T08:00:00.000Z' };
    setup({
      'GET /api/MessageManagment/newChat/mara': () =>
        json(200, [
          { ...sent, senderUsername: 'kundin1', sender: { username: 'kundin1', firstName: 'Kathrin', lastName: 'Huber' } },
          { ...sent, id: 2, senderUsername: 'neukunde', sender: { username: 'neukunde', firstName: '', lastName: '' } },
        ]),
    });
    const messages = await findCard('Neusten Nachrichten');
    const [named, unnamed] = await within(messages).findAllByRole('listitem');
    expect(named?.textContent).toContain('Kathrin Huber (kundin1)');
    expect(unnamed?.textContent).toContain('neukunde');
    expect(unnamed?.textContent).not.toContain('(neukunde)');
  });

  it("opens the CreateProject modal from 'Neues Projekt' and the NewChat modal from 'Neuer Chat'", async () => {
    setup({ 'GET /api/ClientManagment/mara': () => json(200, []), 'GET /api/MessageManagment/partners': () => json(200, []) });
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
    expect(await screen.findByRole('dialog', { name: 'Neues Projekt erstellen' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Chat' }));
    expect(await screen.findByRole('dialog', { name: 'Neuer Chat' })).toBeTruthy();
  });

  it("shows 'Laden...' while the layout loads", async () => {
    setup({ 'GET /api/dashboardLayout/architect': () => new Promise<Response>(() => {}) });
    expect(screen.getByRole('status').textContent).toBe('Laden...');
  });
});

describe("ArchitectDashboardPage 'Alle Projekte'", () => {
  it('lists the first page with customer by name, address, status and progress, and loads more', async () => {
    const api = setup();
    const all = await screen.findByRole('list', { name: 'Alle Projekte' });
    const first = (await within(all).findByRole('button', { name: 'Wohnhaus 1' })).closest('li') as HTMLElement;
    expect(first.textContent).toContain('Maria Gruber');
    expect(within(first).getByTitle('mgruber')).toBeTruthy();
    expect(first.textContent).toContain('Annenstraße 1, 8020 Graz, Österreich · KG 63101');
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('100 % – Vollständig');
    expect(within(all).getAllByRole('listitem')).toHaveLength(20);
    expect(within(card('Alle Projekte')).getByText('20 von 23 Projekten')).toBeTruthy();
    await userEvent.click(within(card('Alle Projekte')).getByRole('button', { name: 'Mehr laden' }));
    expect(await within(all).findByRole('button', { name: 'Wohnhaus 23' })).toBeTruthy();
    expect(within(card('Alle Projekte')).queryByRole('button', { name: 'Mehr laden' })).toBeNull();
    // The first-steps hint reads the total of this same first page: no request of its own.
    expect(api.callsTo('GET', '/api/projects').map((call) => call.path)).toEqual([
      '/api/projects?sort=changedAt&page=1&pageSize=20',
      '/api/projects?sort=changedAt&page=2&pageSize=20',
    ]);
  });

  it('searches after typing stops, filters by status and sorts', async () => {
    const api = setup();
    const all = await findCard('Alle Projekte');
    await within(all).findByRole('button', { name: 'Wohnhaus 1' });
    await userEvent.type(within(all).getByRole('searchbox', { name: 'Projekte durchsuchen' }), 'gruber');
    await waitFor(() => expect(within(all).getAllByRole('listitem')).toHaveLength(1));
    expect(within(all).getByText('1 Projekt gefunden')).toBeTruthy();
    // One request for the word, not one per letter.
    expect(api.callsTo('GET', '/api/projects').filter((call) => call.path.includes('query='))).toHaveLength(1);
    await userEvent.selectOptions(within(all).getByRole('combobox', { name: 'Status' }), 'Vollständig');
    await userEvent.selectOptions(within(all).getByRole('combobox', { name: 'Sortieren nach' }), 'Fortschritt');
    await waitFor(() => expect(api.calls.at(-1)?.path).toBe('/api/projects?sort=progress&page=1&pageSize=20&query=gruber&status=COMPLETE'));
    await userEvent.type(within(all).getByRole('searchbox', { name: 'Projekte durchsuchen' }), 'xyz');
    expect(await within(all).findAllByText('Keine Projekte gefunden')).not.toHaveLength(0);
  });

  it('opens a project as the news card does', async () => {
    setup();
    await userEvent.click(await within(await findCard('Alle Projekte')).findByRole('button', { name: 'Wohnhaus 2' }));
    expect(getSelectedProjectId()).toBe('101');
    expect(await screen.findByText('Seite /projectOverview')).toBeTruthy();
  });

  it("says 'Es gibt noch keine Projekte' without any project, and shows a load error", async () => {
    setup({ 'GET /api/projects': () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }) });
    expect(await within(await findCard('Alle Projekte')).findByText('Es gibt noch keine Projekte')).toBeTruthy();
    cleanup();
    setup({ 'GET /api/projects': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    expect((await within(await findCard('Alle Projekte')).findByRole('alert')).textContent).toBe('Fehler beim Laden der Projekte.');
  });
});

describe('ArchitectDashboardPage first steps', () => {
  const noProjects = () => json(200, { items: [], total: 0, page: 1, pageSize: 20 });
  const customer = { id: 3, username: 'kundin1', firstName: 'Kathrin', lastName: 'Huber', email: 'k@example.at', creationName: 'mara', status: 'ACTIVE', address: { street: '', number: '', city: '', country: '', postalCode: '' } };

  it("asks an architect without customers and projects to add the first customer, and opens 'Neuen Benutzer erstellen'", async () => {
    setup({ 'GET /api/projects': noProjects, 'GET /api/ClientManagment/mara': () => json(200, []) });
    const hint = await screen.findByRole('complementary', { name: 'Legen Sie Ihre erste Kundin oder Ihren ersten Kunden an' });
    await userEvent.click(within(hint).getByRole('button', { name: 'Kunde/Kundin anlegen' }));
    expect(await screen.findByRole('dialog', { name: 'Neuen Benutzer erstellen' })).toBeTruthy();
  });

  it('then asks for the first project, and says nothing once a project exists', async () => {
    setup({ 'GET /api/projects': noProjects, 'GET /api/ClientManagment/mara': () => json(200, [customer]) });
    const hint = await screen.findByRole('complementary', { name: 'Legen Sie Ihr erstes Projekt an' });
    await userEvent.click(within(hint).getByRole('button', { name: 'Erstes Projekt anlegen' }));
    expect(await screen.findByRole('dialog', { name: 'Neues Projekt erstellen' })).toBeTruthy();
    cleanup();
    const api = setup({ 'GET /api/ClientManagment/mara': () => json(200, []) });
    // The hint reads the total of the list now shown, in the same render: it has decided by now.
    await within(await findCard('Alle Projekte')).findByRole('button', { name: 'Wohnhaus 1' });
    expect(screen.queryByRole('complementary', { name: /Legen Sie Ihr/ })).toBeNull();
    // An office at work: the hint takes the total of 'Alle Projekte' and asks for no customers.
    expect(api.callsTo('GET', '/api/ClientManagment/mara')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/projects').map((call) => call.path)).toEqual(['/api/projects?sort=changedAt&page=1&pageSize=20']);
  });
});

describe('ArchitectDashboardPage layout', () => {
  it('restores the saved layout: the cards follow it in reading order', async () => {
    setup({
      'GET /api/dashboardLayout/architect': () =>
        json(200, [
          { i: 'user', x: 0, y: 0, w: 2, h: 2 },
          { i: 'projects', x: 0, y: 2, w: 2, h: 4 },
          { i: 'messages', x: 2, y: 0, w: 2, h: 4 },
        ]),
    });
    await screen.findByRole('heading', { name: 'Benutzerinformationen' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // 'Alle Projekte' came after this layout was saved: it shows below the saved cards.
    expect(titles).toEqual(['Benutzerinformationen', 'Neusten Nachrichten', 'Projekte mit Neuerungen', 'Alle Projekte']);
  });

  it('shows the cards in their default places when the saved layout cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'GET /api/dashboardLayout/architect': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    await screen.findByRole('heading', { name: 'Benutzerinformationen' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Projekte mit Neuerungen', 'Neusten Nachrichten', 'Benutzerinformationen', 'Alle Projekte']);
  });

  it('saves a changed layout once, after the debounce delay, and not the unchanged one', async () => {
    // The grid reports its layout on mount, and that report's save timer must be on the test's clock
    // too: a real one would fire amid the fake time below and save the moved layout early. The clock
    // follows real time while the page loads (the query cache notifies on a timer).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup();
    const handle = await screen.findByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' });
    await act(async () => vi.advanceTimersByTime(layoutSaveDelayMs * 2));
    expect(api.callsTo('PUT', '/api/dashboardLayout/architect')).toHaveLength(0);
    // From here on the clock moves only when the test moves it.
    vi.useRealTimers();
    vi.useFakeTimers();

    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' }), { key: 'ArrowUp' });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Benutzerinformationen: Spalte 2, Reihe 1');
    await act(async () => vi.advanceTimersByTime(layoutSaveDelayMs - 1));
    expect(api.callsTo('PUT', '/api/dashboardLayout/architect')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    const puts = api.callsTo('PUT', '/api/dashboardLayout/architect');
    expect(puts).toHaveLength(1);
    const saved = puts[0]?.body as Array<{ i: string; x: number; y: number; w: number; h: number }>;
    expect(saved.find((item) => item.i === 'user')).toEqual({ i: 'user', x: 1, y: 0, w: 2, h: 2 });
    expect(saved).toHaveLength(architectDefaultLayout.length);
    for (const item of saved) expect(Object.keys(item).sort()).toEqual(['h', 'i', 'w', 'x', 'y']);
  });

  it('keeps the moved card’s handle focused after a keyboard move', async () => {
    setup();
    const handle = await screen.findByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' });
    handle.focus();
    await userEvent.keyboard('{ArrowUp}');
    const heading = screen.getAllByRole('heading', { level: 2 })[0];
    expect(heading?.textContent).toBe('Benutzerinformationen');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' }));
  });
});


import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailFailure, Team } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser, testQueryClient } from '../../test/render';
import { prefetchAdmin } from './admin-start';
import { AdminPage } from './admin-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(overrides: Parameters<typeof stubApi>[0] = {}, queryClient = testQueryClient()) {
  let teams: Team[] = [
    { teamName: 'Nord', userNames: ['mara'], members: [{ username: 'mara', firstName: 'Mara', lastName: 'Berger' }] },
    { teamName: 'Süd', userNames: [], members: [] },
  ];
  const api = stubApi({
    'GET /api/team/allTeams': () => json(200, teams),
    'GET /api/team/available-architects': () => json(200, ['mara', 'toni']),
    'POST /api/team/create': () => json(201, { teamName: 'West', userNames: [], members: [] }),
    'POST /api/team/createUser': () => json(201, { message: 'Benutzer erfolgreich erstellt.' }),
    'POST /api/team/addMembers': () => json(200, { message: 'toni wurde zum Team Nord hinzugefügt.' }),
    'DELETE /api/team/delete': () => {
      teams = teams.filter((team) => team.teamName !== 'Süd');
      return noContent();
    },
    'DELETE /api/team/remove': () => noContent(),
    'GET /api/admin/mail-failures': () => json(200, []),
    ...overrides,
  });
  renderWithProviders(<AdminPage />, { user: sessionUser('admin', ['ADMIN']), queryClient });
  return api;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('AdminPage', () => {
  it("shows 'Team anlegen, dann Architekt/in einladen' only while there is no team", async () => {
    setup({ 'GET /api/team/allTeams': () => json(200, []) });
    const hint = await screen.findByRole('complementary', { name: 'Team anlegen, dann Architekt/in einladen' });
    expect(hint.textContent).toContain('„Neues Team erstellen“');
    cleanup();
    setup();
    await screen.findAllByText('Nord');
    expect(screen.queryByRole('complementary', { name: 'Team anlegen, dann Architekt/in einladen' })).toBeNull();
  });

  it('shows the lists the start fetched without asking for them again', async () => {
    const queryClient = testQueryClient();
    const start = stubApi({
      'GET /api/team/allTeams': () => json(200, [{ teamName: 'Ost', userNames: [], members: [] }]),
      'GET /api/team/available-architects': () => json(200, ['lena']),
      'GET /api/admin/mail-failures': () => json(200, []),
    });
    prefetchAdmin(queryClient, '/admin', sessionUser('admin', ['ADMIN']));
    await waitFor(() => expect(start.calls).toHaveLength(3));

    const api = setup({}, queryClient);
    expect(await screen.findAllByText('Ost')).not.toHaveLength(0);
    expect(screen.getByText('In den letzten 24 Stunden ist keine E-Mail gescheitert.')).toBeTruthy();
    for (const path of ['/api/team/allTeams', '/api/team/available-architects', '/api/admin/mail-failures']) expect(api.callsTo('GET', path)).toHaveLength(0);
  });

  it('sends nothing for an empty team name', async () => {
    const api = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(await screen.findByText('Bitte geben Sie einen Teamnamen ein.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/team/create')).toHaveLength(0);
  });

  it("raises the alert 'Fehler beim Erstellen des Teams' when the team cannot be created", async () => {
    setup({ 'POST /api/team/create': () => json(409, { message: 'Ein Team mit diesem Namen gibt es bereits.', code: 'CONFLICT' }) });
    await userEvent.type(screen.getByLabelText('Teamname'), 'Nord');
    await userEvent.click(screen.getByRole('button', { name: 'Team erstellen' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Fehler beim Erstellen des Teams' });
    expect(within(alert).getByText('Ein Team mit diesem Namen gibt es bereits.')).toBeTruthy();
  });

  it('creates a user only with username, e-mail and a chosen team', async () => {
    const api = setup();
    const form = card('Benutzer erstellen');
    await within(form).findByRole('option', { name: 'Süd' });
    await userEvent.click(within(form).getByRole('button', { name: 'Benutzer erstellen' }));
    expect(await within(form).findByText('Bitte wählen Sie ein Team.')).toBeTruthy();
    expect(within(form).getByText('Bitte geben Sie einen Benutzernamen ein.')).toBeTruthy();

    await userEvent.type(within(form).getByLabelText('Benutzername'), 'lena');
    await userEvent.type(within(form).getByLabelText('E-Mail'), 'lena@example.at');
    await userEvent.click(within(form).getByRole('button', { name: 'Benutzer erstellen' }));
    expect(await within(form).findByText('Bitte wählen Sie ein Team.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/team/createUser')).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByLabelText('Team'), 'Süd');
    await userEvent.click(within(form).getByRole('button', { name: 'Benutzer erstellen' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Benutzer erfolgreich erstellt.');
    expect(api.callsTo('POST', '/api/team/createUser')[0]?.body).toEqual({ teamName: 'Süd', username: 'lena', email: 'lena@example.at', firstName: '', lastName: '' });
  });

  it("shows the server's text when the user cannot be created, or 'Netzwerkfehler' without an answer", async () => {
    let answer = () => json(409, { message: 'Dieser Benutzername ist bereits vergeben.', code: 'CONFLICT' });
    setup({ 'POST /api/team/createUser': () => answer() });
    const form = card('Benutzer erstellen');
    await within(form).findByRole('option', { name: 'Nord' });
    await userEvent.selectOptions(within(form).getByLabelText('Team'), 'Nord');
    await userEvent.type(within(form).getByLabelText('Benutzername'), 'mara');
    await userEvent.type(within(form).getByLabelText('E-Mail'), 'mara@example.at');
    await userEvent.click(within(form).getByRole('button', { name: 'Benutzer erstellen' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Dieser Benutzername ist bereits vergeben.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click(within(form).getByRole('button', { name: 'Benutzer erstellen' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Netzwerkfehler'));
  });

  it('adds a member only with a team and an architect, and shows the answer', async () => {
    const api = setup();
    const form = card('Benutzer zu Team hinzufügen');
    await screen.findByRole('option', { name: 'toni' });
    await userEvent.click(within(form).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(form).findByText('Bitte wählen Sie ein Team.')).toBeTruthy();
    expect(within(form).getByText('Bitte wählen Sie eine Architektin bzw. einen Architekten.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/team/addMembers')).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByLabelText('Team'), 'Nord');
    await userEvent.selectOptions(within(form).getByLabelText('Architekt/in'), 'toni');
    await userEvent.click(within(form).getByRole('button', { name: 'Hinzufügen' }));
    expect((await within(form).findByRole('status')).textContent).toBe('toni wurde zum Team Nord hinzugefügt.');
    expect(api.callsTo('POST', '/api/team/addMembers')[0]).toMatchObject({ path: '/api/team/addMembers?teamName=Nord', body: { username: 'toni' } });
  });

  it("lists teams with their members and 'Keine Mitglieder' for an empty one", async () => {
    setup();
    const list = card('Alle Teams & Mitglieder');
    expect(await within(list).findByRole('heading', { name: 'Nord' })).toBeTruthy();
    // Members by name; the username shows on hover.
    const members = within(list).getByRole('list', { name: 'Mitglieder von Nord' });
    expect(members.textContent).toContain('Mara Berger');
    expect(within(members).getByTitle('mara')).toBeTruthy();
    expect(within(list).getByText('Keine Mitglieder')).toBeTruthy();
  });

  it('deletes a team only after confirmation and reloads the list', async () => {
    const api = setup();
    const list = card('Alle Teams & Mitglieder');
    await within(list).findByRole('heading', { name: 'Süd' });
    const deleteSouth = within(list).getAllByRole('button', { name: 'Löschen' })[1] as HTMLElement;

    await userEvent.click(deleteSouth);
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Team "Süd" wirklich löschen?' })).getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('DELETE', '/api/team/delete')).toHaveLength(0);

    await userEvent.click(deleteSouth);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'Süd' })).toBeNull());
    expect(screen.getByText('Das Team „Süd“ wurde gelöscht.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/team/delete')[0]?.path).toBe('/api/team/delete?name=S%C3%BCd');
  });

  it("removes a member after the spec's question and alerts when that fails", async () => {
    const api = setup({ 'DELETE /api/team/remove': () => json(404, { message: 'Dieser Benutzer ist kein Mitglied des Teams.', code: 'NOT_FOUND' }) });
    const list = card('Alle Teams & Mitglieder');
    await userEvent.click(await within(list).findByRole('button', { name: 'Entfernen' }));
    const question = await screen.findByRole('alertdialog', { name: 'Soll "Mara Berger" wirklich aus "Nord" entfernt werden?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByRole('alertdialog', { name: 'Fehler beim Entfernen des Benutzers' })).toBeTruthy();
    expect(screen.queryByText(/wurde aus dem Team/)).toBeNull();
    expect(api.callsTo('DELETE', '/api/team/remove')[0]?.path).toBe('/api/team/remove?teamName=Nord&username=mara');
  });

  it('only logs a failed team list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'GET /api/team/allTeams': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    await waitFor(() => expect(log).toHaveBeenCalledWith('Die Teams konnten nicht geladen werden.', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists the mails that could not be sent under 'Nicht zugestellte E-Mails', and says when there are none", async () => {
    const failures: MailFailure[] = [
      {
        id: 7, kind: 'INVITATION', recipient: 'neu@example.at', subject: 'Ihre Einladung zu Bauakte', attempts: 3, lastError: 'connect ECONNREFUSED 10.0.0.5:25',
        state: 'RETRYING', createdAt: '2026-11-26T09:00:00.000Z', lastAttemptAt: '2026-11-26T09:07:00.000Z', nextAttemptAt: '2026-11-26T09:15:00.000Z',
      },
      {
        id: 5, kind: 'PASSWORD_RESET', recipient: 'alt@example.at', subject: 'Passwort zurücksetzen – Bauakte', attempts: 27, lastError: '550 mailbox unavailable',
        state: 'GAVE_UP', createdAt: '2026-11-25T08:00:00.000Z', lastAttemptAt: '2026-11-26T07:30:00.000Z', nextAttemptAt: null,
      },
    ];
    setup({ 'GET /api/admin/mail-failures': () => json(200, failures) });
    const section = card('Nicht zugestellte E-Mails');
    const table = await within(section).findByRole('table', { name: 'Nicht zugestellte E-Mails der letzten 24 Stunden' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Empfänger', 'Betreff', 'Versuche', 'Letzter Fehler', 'Letzter Versuch', 'Status']);
    const [retrying, gaveUp] = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(retrying).toEqual(['neu@example.at', 'Ihre Einladung zu Bauakte', '3', 'connect ECONNREFUSED 10.0.0.5:25', '26.11.2026, 10:07', 'Neuer Versuch um 26.11.2026, 10:15']);
    expect(gaveUp).toEqual(['alt@example.at', 'Passwort zurücksetzen – Bauakte', '27', '550 mailbox unavailable', '26.11.2026, 08:30', 'Aufgegeben']);

    cleanup();
    setup();
    expect(await within(card('Nicht zugestellte E-Mails')).findByText('In den letzten 24 Stunden ist keine E-Mail gescheitert.')).toBeTruthy();
  });
});

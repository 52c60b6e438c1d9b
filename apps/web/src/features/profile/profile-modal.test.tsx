import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { ProfileModal } from './profile-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profileOf = (username: string, roles: Profile['roles']): Profile => ({
  username,
  firstName: 'Mara',
  lastName: 'Berger',
  email: `${username}@example.at`,
  phoneNumber: '0316 123',
  roles,
  address: { street: 'Annenstraße', number: '12', city: 'Graz', state: 'Steiermark', postalCode: '8020', country: 'Österreich', municipality: 'Graz' },
});

type Handlers = Parameters<typeof stubApi>[0];

function setup(handlers: Handlers = {}, { viewer = sessionUser('mara', ['ARCHI']), username }: { viewer?: ReturnType<typeof sessionUser>; username?: string } = {}) {
  const api = stubApi({
    'GET /api/profil/mara': () => json(200, profileOf('mara', ['ARCHI'])),
    'GET /api/profil/kunde1': () => json(200, profileOf('kunde1', ['CLIENT'])),
    'PUT /api/profil/mara': (call) => json(200, { ...profileOf('mara', ['ARCHI']), ...(call.body as object) }),
    'PUT /api/profil/kunde1': (call) => json(200, { ...profileOf('kunde1', ['CLIENT']), ...(call.body as object) }),
    'DELETE /api/profil/mara': () => noContent(),
    ...handlers,
  });
  const close = vi.fn();
  const rendered = renderWithProviders(<ProfileModal close={close} props={username ? { username } : {}} />, { user: viewer });
  return { api, close, ...rendered };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const savedBody = (api: ReturnType<typeof stubApi>) => api.callsTo('PUT', '/api/profil/mara')[0]?.body as Record<string, unknown> | undefined;

describe('ProfileModal', () => {
  it("falls back to the logged-in user's own profile", async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Profil von mara' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Vorname').value).toBe('Mara');
    expect(screen.getByLabelText<HTMLInputElement>('Telefonnummer').value).toBe('0316 123');
  });

  it('sends no password while the two new passwords differ, and says so', async () => {
    const { api, close } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    expect(screen.getByRole('button', { name: 'Passwort-Eingabe verbergen' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neues-passwort');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neues-passwort!');
    expect(screen.getByText(/Die beiden Passwörter stimmen nicht überein/)).toBeTruthy();
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(savedBody(api)).toBeDefined();
    expect(savedBody(api)).not.toHaveProperty('password');
  });

  it('sends the new password with the current one when both fields match, with the merged profile', async () => {
    const { api, close } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    expect(screen.queryByLabelText('Aktuelles Passwort')).toBeNull();
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neues-passwort');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neues-passwort');
    await userEvent.clear(screen.getByLabelText('Vorname'));
    await userEvent.type(screen.getByLabelText('Vorname'), 'Marie');
    const current = screen.getByLabelText<HTMLInputElement>('Aktuelles Passwort');
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    await userEvent.type(current, 'altes-passwort');
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(savedBody(api)).toEqual({ ...profileOf('mara', ['ARCHI']), firstName: 'Marie', password: 'neues-passwort', currentPassword: 'altes-passwort' });
  });

  it("asks for 'Aktuelles Passwort' when the e-mail address changes and sends nothing without it", async () => {
    const { api, close } = setup();
    const email = await screen.findByLabelText('E-Mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'MARA@example.at');
    // The same address in other letters is no change, as on the server.
    expect(screen.queryByLabelText('Aktuelles Passwort')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'mara.neu@example.at');
    expect(screen.getByLabelText('Aktuelles Passwort')).toBeTruthy();
    await save();
    expect(await screen.findByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeTruthy();
    expect(screen.getByLabelText('Aktuelles Passwort').getAttribute('aria-invalid')).toBe('true');
    expect(savedBody(api)).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'altes-passwort');
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(savedBody(api)).toMatchObject({ email: 'mara.neu@example.at', currentPassword: 'altes-passwort' });
    expect(savedBody(api)).not.toHaveProperty('password');
  });

  it("shows the server's refusal of the current password beside that field and stays open", async () => {
    const { close } = setup({
      'PUT /api/profil/mara': () =>
        json(400, {
          message: 'Das aktuelle Passwort ist falsch.',
          code: 'CURRENT_PASSWORD_WRONG',
          issues: [{ path: 'body/currentPassword', message: 'Das aktuelle Passwort ist falsch.' }],
        }),
    });
    const email = await screen.findByLabelText('E-Mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'mara.neu@example.at');
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'falsch-geraten');
    await save();
    const message = await screen.findByText('Das aktuelle Passwort ist falsch.');
    expect(screen.getByLabelText('Aktuelles Passwort').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Fehler beim Speichern.')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
  });

  it('refuses a guessable new password with the German text and sends nothing', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'passwort1');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'passwort1');
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'altes-passwort');
    expect(await screen.findByText(/^Passwortstärke: /)).toBeTruthy();
    await save();
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.')).toBeTruthy();
    expect(savedBody(api)).toBeUndefined();
  });

  it('refuses a matching but too short password before sending', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'kurz');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'kurz');
    await save();
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeTruthy();
    expect(savedBody(api)).toBeUndefined();
  });

  it('reveals the seven address fields behind their toggle', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Adresse eingeben' }));
    for (const label of ['Straße', 'Hausnummer', 'Stadt', 'Bundesland', 'PLZ', 'Land', 'Gemeinde']) expect(screen.getByLabelText(label)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Adresse verbergen' }));
    expect(screen.queryByLabelText('Straße')).toBeNull();
  });

  it('offers the nine Bundesländer in Austria, free text abroad, and asks for a four-digit PLZ', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Adresse eingeben' }));
    const state = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Bundesland' });
    expect([...state.options].map((option) => option.value)).toEqual([
      '', 'Burgenland', 'Kärnten', 'Niederösterreich', 'Oberösterreich', 'Salzburg', 'Steiermark', 'Tirol', 'Vorarlberg', 'Wien',
    ]);
    expect(state.value).toBe('Steiermark');
    await userEvent.clear(screen.getByLabelText('PLZ'));
    await userEvent.type(screen.getByLabelText('PLZ'), '802');
    await save();
    expect(await screen.findByText('Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.')).toBeTruthy();
    expect(screen.getByLabelText('PLZ').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/profil/mara')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Land'));
    await userEvent.type(screen.getByLabelText('Land'), 'Deutschland');
    expect(screen.getByRole('textbox', { name: 'Bundesland' })).toBeTruthy();
  });

  it('lets the first administrator, without e-mail or names, set them and a new password, naming each empty field in German', async () => {
    const admin: Profile = { ...profileOf('chef', ['ADMIN']), firstName: '', lastName: '', email: '', phoneNumber: '' };
    const { api, close } = setup(
      {
        'GET /api/profil/chef': () => json(200, admin),
        'PUT /api/profil/chef': (call) => json(200, { ...admin, ...(call.body as object) }),
      },
      { viewer: sessionUser('chef', ['ADMIN']) },
    );
    expect(await screen.findByRole('heading', { name: 'Profil von chef' })).toBeTruthy();
    // An administrator has no postal address in the portal.
    expect(screen.queryByRole('button', { name: 'Neue Adresse eingeben' })).toBeNull();
    await save();
    expect(await screen.findByText('Bitte geben Sie den Vornamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie den Nachnamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Vorname'));
    await userEvent.type(screen.getByLabelText('Vorname'), 'Erika');
    await userEvent.type(screen.getByLabelText('Nachname'), 'Chef');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'chef@example.at');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'Dachboden-Fenster-42');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Dachboden-Fenster-42');
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'admin-passwort');
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/profil/chef')[0]?.body).toMatchObject({
      firstName: 'Erika', lastName: 'Chef', email: 'chef@example.at', password: 'Dachboden-Fenster-42', currentPassword: 'admin-passwort', roles: ['ADMIN'],
    });
  });

  it("lets the architect save a customer's details, offering neither password nor a new e-mail address", async () => {
    const { api, close } = setup({}, { username: 'kunde1' });
    expect(await screen.findByRole('heading', { name: 'Profil von kunde1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Passwort ändern' })).toBeNull();
    const email = screen.getByLabelText<HTMLInputElement>('E-Mail');
    expect(email.readOnly).toBe(true);
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Die E-Mail-Adresse kann nur die Person selbst ändern, der das Konto gehört.')).toBeTruthy();
    await userEvent.type(email, 'x');
    expect(email.value).toBe('kunde1@example.at');
    expect(screen.queryByLabelText('Aktuelles Passwort')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Nachname'));
    await userEvent.type(screen.getByLabelText('Nachname'), 'Kern');
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.callsTo('PUT', '/api/profil/kunde1')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'kunde1', lastName: 'Kern', email: 'kunde1@example.at', roles: ['CLIENT'] });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('currentPassword');
  });

  it("shows an administrator another's profile to read only, with neither 'Speichern' nor 'Profil löschen'", async () => {
    const { api } = setup({}, { viewer: sessionUser('chef', ['ADMIN']), username: 'kunde1' });
    expect(await screen.findByRole('heading', { name: 'Profil von kunde1' })).toBeTruthy();
    expect(screen.getByText('Dieses Profil können Sie nur ansehen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Profil löschen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passwort ändern' })).toBeNull();
    const lastName = screen.getByLabelText<HTMLInputElement>('Nachname');
    await userEvent.type(lastName, 'x');
    expect(lastName.value).toBe('Berger');
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Telefonnummer']) expect(screen.getByLabelText<HTMLInputElement>(label).readOnly).toBe(true);
    // The address can be looked at, not changed.
    await userEvent.click(screen.getByRole('button', { name: 'Adresse anzeigen' }));
    expect(screen.getByLabelText<HTMLInputElement>('Straße').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Bundesland').disabled).toBe(true);
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's refusal to save another's profile and stays open", async () => {
    const { close } = setup({ 'PUT /api/profil/kunde1': () => json(403, { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' }) }, { username: 'kunde1' });
    expect(await screen.findByRole('heading', { name: 'Profil von kunde1' })).toBeTruthy();
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Speichern. Dafür fehlt Ihnen die Berechtigung.');
    expect(close).not.toHaveBeenCalled();
  });

  it("says 'Kein Profil gefunden' for a profile the server does not show", async () => {
    setup({}, { username: 'fremd' });
    expect((await screen.findByRole('alert')).textContent).toBe('Kein Profil gefunden');
  });

  it("asks before deleting one's own profile, says 'Profil gelöscht.' and logs out", async () => {
    const { api, session } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Profil löschen' }));
    const question = await screen.findByRole('alertdialog', { name: 'Möchtest du das Profil wirklich löschen?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('DELETE', '/api/profil/mara')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Profil löschen' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Profil löschen' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Profil gelöscht.' });
    expect(api.callsTo('DELETE', '/api/profil/mara')).toHaveLength(1);
    expect(session.logout).not.toHaveBeenCalled();
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalled());
  });
});

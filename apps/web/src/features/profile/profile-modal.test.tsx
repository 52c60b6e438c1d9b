import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@bauakte/domain';
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

function setup({ viewer = sessionUser('mara', ['ARCHI']), username }: { viewer?: ReturnType<typeof sessionUser>; username?: string } = {}) {
  const api = stubApi({
    'GET /api/profil/mara': () => json(200, profileOf('mara', ['ARCHI'])),
    'GET /api/profil/kunde1': () => json(200, profileOf('kunde1', ['CLIENT'])),
    'PUT /api/profil/mara': (call) => json(200, { ...profileOf('mara', ['ARCHI']), ...(call.body as object) }),
    'PUT /api/profil/kunde1': () => json(403, { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' }),
    'DELETE /api/profil/mara': () => noContent(),
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

  it('sends the new password when both fields match, with the merged profile', async () => {
    const { api, close } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neues-passwort');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neues-passwort');
    await userEvent.clear(screen.getByLabelText('Vorname'));
    await userEvent.type(screen.getByLabelText('Vorname'), 'Marie');
    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(savedBody(api)).toEqual({ ...profileOf('mara', ['ARCHI']), firstName: 'Marie', password: 'neues-passwort' });
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

  it("hides the password toggle on another's profile and shows the server's refusal on save", async () => {
    const { close } = setup({ username: 'kunde1' });
    expect(await screen.findByRole('heading', { name: 'Profil von kunde1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Passwort ändern' })).toBeNull();
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Speichern. Dafür fehlt Ihnen die Berechtigung.');
    expect(close).not.toHaveBeenCalled();
  });

  it("says 'Kein Profil gefunden' for a profile the server does not show", async () => {
    setup({ username: 'fremd' });
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

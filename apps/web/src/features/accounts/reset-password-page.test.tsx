import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(answer = () => json(200, { message: 'Passwort wurde erfolgreich gesetzt!' })) {
  const api = stubApi({
    'GET /api/reset-password': () => json(200, { username: 'mara', email: 'mara@example.at' }),
    'POST /api/reset-password': answer,
  });
  renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=t1', path: '/reset-password' });
  return api;
}

async function enter(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('Neues Passwort'), password);
  await userEvent.type(screen.getByLabelText('Passwort bestätigen'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Passwort setzen' }));
}

describe('ResetPasswordPage', () => {
  it('shows the username and e-mail of the link', async () => {
    setup();
    expect(await screen.findByText('mara')).toBeTruthy();
    expect(screen.getByText('mara@example.at')).toBeTruthy();
  });

  it('asks for a password on an empty submit, beside the focused field, marked as required', async () => {
    const api = setup();
    const password = await screen.findByLabelText('Neues Passwort');
    expect(password.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect((await screen.findByText('Bitte wählen Sie ein Passwort.')).id).toBe('reset-password-error');
    expect(document.activeElement).toBe(password);
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it("refuses different passwords with 'Passwörter stimmen nicht überein!'", async () => {
    const api = setup();
    await enter('neues-passwort', 'neues-passwort!');
    expect(await screen.findByText('Passwörter stimmen nicht überein!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('shows the strength while typing and refuses a guessable password, also the own e-mail address', async () => {
    const api = setup();
    await userEvent.type(await screen.findByLabelText('Neues Passwort'), 'passwort');
    expect(await screen.findByText('Passwortstärke: schwach')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'passwort');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Neues Passwort'));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'mara@example.at');
    await userEvent.clear(screen.getByLabelText('Passwort bestätigen'));
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'mara@example.at');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('refuses a password of more than 128 characters', async () => {
    const api = setup();
    const long = 'x'.repeat(129);
    await userEvent.click(await screen.findByLabelText('Neues Passwort'));
    await userEvent.paste(long);
    await userEvent.click(screen.getByLabelText('Passwort bestätigen'));
    await userEvent.paste(long);
    await userEvent.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByText('Das Passwort darf höchstens 128 Zeichen lang sein.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('sets the password, says so and goes to /login after two seconds', async () => {
    const api = setup();
    await enter('neues-passwort', 'neues-passwort');
    expect(await screen.findByText('Passwort wurde erfolgreich gesetzt!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/reset-password')[0]).toMatchObject({ path: '/api/reset-password?token=t1', body: { password: 'neues-passwort' } });
    expect(screen.queryByText('Seite /login')).toBeNull();
    expect(await screen.findByText('Seite /login')).toBeTruthy();
  });

  it("shows 'Fehler beim Zurücksetzen des Passworts.' when the server gives no reason", async () => {
    setup(() => new Response('', { status: 500 }));
    await enter('neues-passwort', 'neues-passwort');
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Zurücksetzen des Passworts.');
  });

  it("says 'Fehler beim Laden der Benutzerdaten.' for a used link and offers a new one", async () => {
    stubApi({ 'GET /api/reset-password': () => json(400, { message: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', code: 'TOKEN_INVALID' }) });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=alt', path: '/reset-password' });
    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Laden der Benutzerdaten.');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe('/forgotPassword');
  });
});

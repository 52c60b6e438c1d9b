import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from '../../app/start/login-page';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invitation = (roles: Invitation['roles']): Invitation => ({
  username: 'mara',
  firstName: 'Mara',
  lastName: 'Berger',
  email: 'mara@example.at',
  phoneNumber: '',
  roles,
  address: { city: 'Graz', municipality: '', street: 'Annenstraße', number: '12', postalCode: '8020', country: '' },
});

function setup(roles: Invitation['roles'], answer = () => json(200, { message: 'Registrierung erfolgreich!' }), login?: ReactElement) {
  const api = stubApi({ 'GET /api/register': () => json(200, invitation(roles)), 'PUT /api/register': answer });
  renderWithProviders(<RegisterPage />, { route: '/register?token=abc', path: '/register', login });
  return api;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Registrieren' }));

describe('RegisterPage', () => {
  it('prefills the form from the invitation with a read-only username and no address for architects', async () => {
    setup(['ARCHI']);
    expect((await screen.findByLabelText<HTMLInputElement>('Username')).value).toBe('mara');
    expect(field('Username').readOnly).toBe(true);
    expect(field('Vorname').value).toBe('Mara');
    expect(field('E-Mail').type).toBe('email');
    expect(field('Telefon').type).toBe('tel');
    expect(screen.queryByLabelText('Straße')).toBeNull();
  });

  it("shows 'Passwörter stimmen nicht überein!' and sends nothing when the passwords differ", async () => {
    const api = setup(['ARCHI']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'anderes-passwort');
    await submit();
    expect(await screen.findByText('Passwörter stimmen nicht überein!')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it('asks for at least 8 characters before sending', async () => {
    const api = setup(['ARCHI']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), 'kurz');
    await userEvent.type(field('Passwort bestätigen'), 'kurz');
    await submit();
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it('shows the strength of the password while it is typed, with zxcvbn’s German advice', async () => {
    setup(['ARCHI']);
    const password = await screen.findByLabelText('Passwort', { exact: true });
    await userEvent.type(password, '12345678');
    expect(await screen.findByText('Passwortstärke: sehr schwach')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Passwortstärke' }).getAttribute('aria-valuetext')).toBe('sehr schwach');
    expect(screen.getByText(/Dies ist ein sehr häufig verwendetes Passwort\./)).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toContain('register-password-hint');

    await userEvent.clear(password);
    await userEvent.type(password, 'Kaffee-Tasse-Mond-42');
    expect(await screen.findByText('Passwortstärke: sehr stark')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Passwortstärke' }).getAttribute('aria-valuenow')).toBe('4');
  });

  it('refuses a guessable password with the German text and sends nothing', async () => {
    const api = setup(['ARCHI']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), '12345678');
    await userEvent.type(field('Passwort bestätigen'), '12345678');
    await submit();
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.')).toBeTruthy();
    expect(field('Passwort').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it('refuses a password made of the person’s own e-mail address, which would pass for anyone else', async () => {
    const api = setup(['ARCHI']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), 'mara@example.at');
    await userEvent.type(field('Passwort bestätigen'), 'mara@example.at');
    await submit();
    expect(await screen.findByText(/^Dieses Passwort ist zu leicht zu erraten\./)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it("shows the server's field messages beside the fields, and the form line only says it failed", async () => {
    setup(['CLIENT'], () =>
      json(400, {
        message: 'Dieses Passwort ist zu leicht zu erraten.',
        code: 'PASSWORD_TOO_WEAK',
        issues: [
          { path: 'body/password', message: 'Dieses Passwort ist zu leicht zu erraten. Fügen Sie ein Wort hinzu.' },
          { path: 'body/address/community', message: 'Höchstens 200 Zeichen.' },
        ],
      }),
    );
    await userEvent.type(await screen.findByLabelText('Telefon'), '0664 1234567');
    await userEvent.type(field('Gemeinde'), 'Graz');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Fügen Sie ein Wort hinzu.')).toBeTruthy();
    expect(screen.getByText('Höchstens 200 Zeichen.').id).toBe('register-community-error');
    expect(screen.getByText('Registrierung fehlgeschlagen.')).toBeTruthy();
  });

  it('registers an architect without address, anonymously, then goes to /login', async () => {
    const api = setup(['ARCHI']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    expect(await screen.findByText('Registrierung erfolgreich!')).toBeTruthy();
    const [call] = api.callsTo('PUT', '/api/register');
    expect(call?.path).toBe('/api/register?token=abc');
    expect(call?.authorization).toBeUndefined();
    expect(call?.body).toEqual({
      username: 'mara', firstName: 'Mara', lastName: 'Berger', email: 'mara@example.at', phone: '+43 316 123', password: 'sicheres-passwort',
    });
    expect(await screen.findByText('Seite /login')).toBeTruthy();
  });

  it('lands on the login page, which keeps saying the registration is done, with the username filled in', async () => {
    setup(['ARCHI'], undefined, <LoginPage />);
    await userEvent.type(await screen.findByLabelText('Telefon'), '+43 316 123');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    expect(await screen.findByText('Registrierung erfolgreich!')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Willkommen Zurück!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Registrierung abgeschlossen — bitte melden Sie sich an');
    expect(field('Benutzername').value).toBe('mara');
    expect(document.activeElement).toBe(field('Passwort'));
  });

  it('sends the address of a client with Land prefilled as Österreich and without the optional Gemeinde', async () => {
    const api = setup(['CLIENT']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '0664 1234567');
    expect(field('Land').value).toBe('Österreich');
    expect(field('Gemeinde').getAttribute('aria-required')).toBeNull();
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    await screen.findByText('Registrierung erfolgreich!');
    expect(api.callsTo('PUT', '/api/register')[0]?.body).toMatchObject({
      address: { city: 'Graz', community: '', street: 'Annenstraße', houseNumber: '12', postalCode: '8020', country: 'Österreich' },
    });
  });

  it('asks for a four-digit Postleitzahl in Austria and sends nothing', async () => {
    const api = setup(['CLIENT']);
    await userEvent.type(await screen.findByLabelText('Telefon'), '0664 1234567');
    await userEvent.clear(field('Postleitzahl'));
    await userEvent.type(field('Postleitzahl'), 'A-8020');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    expect(await screen.findByText('Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Postleitzahl'));
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it('on an empty submit names each missing field in German, marks required fields and focuses the first', async () => {
    const api = stubApi({
      'GET /api/register': () => json(200, { ...invitation(['CLIENT']), firstName: '', lastName: '', email: '', address: { city: '', municipality: '', street: '', number: '', postalCode: '', country: '' } }),
      'PUT /api/register': () => json(200, {}),
    });
    renderWithProviders(<RegisterPage />, { route: '/register?token=abc', path: '/register' });
    await screen.findByLabelText('Vorname');
    expect(screen.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeTruthy();
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Straße', 'Hausnummer', 'Postleitzahl', 'Ort', 'Land', 'Passwort']) {
      expect(screen.getByLabelText(label, { exact: true }).getAttribute('aria-required'), label).toBe('true');
    }
    await userEvent.clear(field('Land'));
    await submit();
    const messages: [string, string][] = [
      ['Vorname', 'Bitte geben Sie den Vornamen ein.'],
      ['Nachname', 'Bitte geben Sie den Nachnamen ein.'],
      ['E-Mail', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      ['Telefon', 'Bitte geben Sie die Telefonnummer ein.'],
      ['Straße', 'Bitte geben Sie die Straße ein.'],
      ['Hausnummer', 'Bitte geben Sie die Hausnummer ein.'],
      ['Postleitzahl', 'Bitte geben Sie die Postleitzahl ein.'],
      ['Ort', 'Bitte geben Sie den Ort ein.'],
      ['Land', 'Bitte geben Sie das Land ein.'],
    ];
    for (const [label, message] of messages) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const errorId = input.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error'));
      expect(document.getElementById(errorId ?? '')?.textContent, label).toBe(message);
    }
    expect(screen.getByText('Bitte wählen Sie ein Passwort.').id).toBe('register-password-error');
    expect(field('Gemeinde').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Vorname'));
    expect(api.callsTo('PUT', '/api/register')).toHaveLength(0);
  });

  it("shows the server's message, or 'Serverfehler! …' without an answer", async () => {
    let answer = () => json(400, { message: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED' });
    setup(['ARCHI'], () => answer());
    await userEvent.type(await screen.findByLabelText('Telefon'), '1');
    await userEvent.type(field('Passwort'), 'sicheres-passwort');
    await userEvent.type(field('Passwort bestätigen'), 'sicheres-passwort');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Die Eingaben sind ungültig.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await submit();
    expect(await screen.findByText('Serverfehler! Bitte versuche es später erneut.')).toBeTruthy();
  });

  it("says 'Fehler beim Laden der Benutzerdaten.' with the reason when the link is no good", async () => {
    stubApi({ 'GET /api/register': () => json(400, { message: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', code: 'TOKEN_INVALID' }) });
    renderWithProviders(<RegisterPage />, { route: '/register?token=alt', path: '/register' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fehler beim Laden der Benutzerdaten.');
    expect(alert.textContent).toContain('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
    expect(screen.queryByRole('button', { name: 'Registrieren' })).toBeNull();
  });
});

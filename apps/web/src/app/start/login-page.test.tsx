import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionProvider } from '../../platform/session/session-provider';
import { LoginPage } from './login-page';
import { fakeToken } from '../../test/tokens';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The page with its full form: it has taken over from the early one once its code is there. */
async function renderLogin() {
  // Without a query cache, as in the app: the login page loads without TanStack Query.
  const view = render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/admin" element={<p>Adminbereich</p>} />
          <Route path="/dashboardClient" element={<p>Kundenbereich</p>} />
          <Route path="/dashboard" element={<p>Architektenbereich</p>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  await act(async () => {
    await import('../../features/login/login-form');
  });
  return view;
}

// The form's code, loaded once for the file (slow on a busy machine), before the first test's clock runs.
beforeAll(() => import('../../features/login/login-form'), 30_000);
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the heading, subtitle, fields, button and the forgot-password link', async () => {
    await renderLogin();
    expect(document.title).toBe('Anmeldung – Bauakte');
    expect(screen.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeTruthy();
    expect(screen.getByText('Hier Einloggen')).toBeTruthy();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/forgotPassword');
  });

  it('links Impressum and Datenschutzerklärung side by side', async () => {
    await renderLogin();
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    const links = [...legal.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([['Impressum', '/impressum'], ['Datenschutzerklärung', '/datenschutz']]);
  });

  it('ignores every character of the username that is not a letter or digit; umlauts are letters', async () => {
    await renderLogin();
    const field = screen.getByLabelText<HTMLInputElement>('Benutzername');
    // The Cyrillic 'а' looks like a Latin one but is not a username letter.
    await userEvent.type(field, 'ma r-a!1_ä€ßаé');
    expect(field.value).toBe('mara1äßé');
  });

  it('shows the 401 text and clears it as soon as the user types', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'egal', code: 'INVALID_CREDENTIALS' })));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Benutzername oder Passwort ist falsch.');
    await userEvent.type(screen.getByLabelText('Passwort'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the displayed error when the username is typed in, too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'egal', code: 'INVALID_CREDENTIALS' })));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('alert');
    // A refused character changes nothing, so the error stays.
    await userEvent.type(screen.getByLabelText('Benutzername'), '-');
    expect(screen.getByRole('alert')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for both fields in German and sends nothing without them', async () => {
    const login = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', login);
    await renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Bitte geben Sie einen Benutzernamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeTruthy();
    expect(screen.getByLabelText('Passwort').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it("shows the server's message when throttled, with the wait it names, and sends only username and password", async () => {
    const login = vi.fn(async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'Zu viele fehlgeschlagene Anmeldeversuche.', code: 'TOO_MANY_ATTEMPTS' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '120' },
      }),
    );
    vi.stubGlobal('fetch', login);
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Ein neuer Versuch ist in etwa 2 Minuten möglich.');
    expect(JSON.parse(String(login.mock.calls[0]?.[1]?.body))).toEqual({ username: 'mara', password: 'geheim', remember: false });
  });

  it('shows the network text when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Netzwerkfehler oder unbekannter Fehler: Failed to fetch');
  });

  it.each([
    [['ADMIN'], 'Adminbereich'],
    [['CLIENT'], 'Kundenbereich'],
    [['ARCHI'], 'Architektenbereich'],
  ])('stores the token and sends %j to its start page', async (roles, landing) => {
    const token = fakeToken({ sub: 'mara', roles, jti: 'x', exp: 9999999999 });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { token })));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'richtig');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(landing)).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('only logs a success answer without a token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {})));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    log.mockRestore();
  });

  it("keeps the token on the device only with 'Auf diesem Gerät angemeldet bleiben', which is off by default", async () => {
    const token = fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 'x', exp: 9999999999 });
    const login = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { token }));
    vi.stubGlobal('fetch', login);
    await renderLogin();
    const optIn = screen.getByRole('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' });
    expect((optIn as HTMLInputElement).checked).toBe(false);
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'richtig');
    await userEvent.click(optIn);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Architektenbereich')).toBeTruthy();
    expect(JSON.parse(String(login.mock.calls[0]?.[1]?.body))).toEqual({ username: 'mara', password: 'richtig', remember: true });
    expect(localStorage.getItem('bauakte.rememberedToken')).toBe(token);
  });

  it('keeps no token beyond the window without the opt-in', async () => {
    const token = fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 'x', exp: 9999999999 });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { token })));
    await renderLogin();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'richtig');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Architektenbereich')).toBeTruthy();
    expect(JSON.stringify({ ...localStorage })).not.toContain(token);
  });

  it('says the user was signed out on this device after the server refused it, until the next login', async () => {
    sessionStorage.setItem('bauakte.signedOutHere', '1');
    const token = fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 'x', exp: 9999999999 });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { token })));
    await renderLogin();
    expect(screen.getByText('Sie wurden auf diesem Gerät abgemeldet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'richtig');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Architektenbereich')).toBeTruthy();
    expect(sessionStorage.getItem('bauakte.signedOutHere')).toBeNull();
    cleanup();
    sessionStorage.removeItem('token');
    await renderLogin();
    expect(screen.queryByText('Sie wurden auf diesem Gerät abgemeldet.')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(answer = () => json(200, { message: 'Eine E-Mail zum Zurücksetzen des Passworts wurde gesendet.' })) {
  const api = stubApi({ 'POST /api/auth/forgotPassword': answer });
  renderWithProviders(<ForgotPasswordPage />, { route: '/forgotPassword', path: '/forgotPassword' });
  return api;
}

describe('ForgotPasswordPage', () => {
  it('needs both fields and sends nothing without them', async () => {
    const api = setup();
    expect(screen.getByLabelText<HTMLInputElement>('E-Mail-Adresse').type).toBe('email');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Bitte geben Sie einen Benutzernamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('asks for the link and confirms in German', async () => {
    const api = setup();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('E-Mail-Adresse'), 'mara@example.at');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByRole('status')).textContent).toBe('Eine E-Mail zum Zurücksetzen des Passworts wurde gesendet.');
    expect(api.calls[0]?.body).toEqual({ username: 'mara', email: 'mara@example.at' });
    expect(screen.getByRole('link', { name: 'Zurück zum Login' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's message when throttled", async () => {
    setup(() => json(429, { message: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.', code: 'TOO_MANY_ATTEMPTS' }));
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('E-Mail-Adresse'), 'mara@example.at');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Zu viele Anfragen. Bitte versuchen Sie es später erneut.');
  });
});

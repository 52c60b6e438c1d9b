import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultNotificationSettings } from '@bauakte/domain/labels';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { NotificationSettingsModal } from './notification-settings-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

function setup(roles: string[], saveStatus = 200) {
  const api = stubApi({
    'GET /api/notificationSettings/mara': () => json(200, defaultNotificationSettings),
    'PUT /api/notificationSettings/mara': (call) => json(saveStatus, saveStatus === 200 ? call.body : { message: 'x', code: 'INTERNAL_ERROR' }),
  });
  const close = vi.fn();
  renderWithProviders(<NotificationSettingsModal close={close} props={{}} />, { user: sessionUser('mara', roles) });
  return { api, close };
}

describe('NotificationSettingsModal', () => {
  it('keeps the chat options and the form options each mutually exclusive', async () => {
    setup(['ARCHI']);
    await screen.findByRole('group', { name: 'Formular-Benachrichtigungen' });
    expect(checkbox('Bei jeder neuen Nachricht').checked).toBe(true);

    await userEvent.click(checkbox('Keine Chat-Benachrichtigungen'));
    expect(checkbox('Keine Chat-Benachrichtigungen').checked).toBe(true);
    expect(checkbox('Bei jeder neuen Nachricht').checked).toBe(false);

    await userEvent.click(checkbox('Ab 75 % Fortschritt'));
    expect(checkbox('Ab 75 % Fortschritt').checked).toBe(true);
    expect(checkbox('Wenn das Formular vollständig ist (100 %)').checked).toBe(false);
    expect(checkbox('Keine Chat-Benachrichtigungen').checked).toBe(true);
  });

  it('saves the eight flags with PUT and closes', async () => {
    const { api, close } = setup(['ARCHI']);
    await screen.findByRole('group', { name: 'Formular-Benachrichtigungen' });
    await userEvent.click(checkbox('Keine Chat-Benachrichtigungen'));
    await userEvent.click(checkbox('Ab 50 % Fortschritt'));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(screen.getByText('Benachrichtigungseinstellungen gespeichert')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/notificationSettings/mara')[0]?.body).toEqual({
      chatAll: false, chatNone: true, formAll: false, form50: true, form75: false, form95: false, form100: false, formNone: false,
    });
  });

  it('sends exactly the eight flags, whatever else the loaded settings carry', async () => {
    const api = stubApi({
      'GET /api/notificationSettings/mara': () => json(200, { ...defaultNotificationSettings, username: 'mara', id: 4 }),
      'PUT /api/notificationSettings/mara': (call) => json(200, call.body),
    });
    const close = vi.fn();
    renderWithProviders(<NotificationSettingsModal close={close} props={{}} />, { user: sessionUser('mara', ['CLIENT']) });
    await screen.findByRole('group', { name: 'Chat-Benachrichtigungen' });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/notificationSettings/mara')[0]?.body).toEqual(defaultNotificationSettings);
  });

  it('shows clients only the chat options', async () => {
    setup(['CLIENT']);
    await screen.findByRole('group', { name: 'Chat-Benachrichtigungen' });
    expect(screen.queryByRole('group', { name: 'Formular-Benachrichtigungen' })).toBeNull();
  });

  it('stays open with the German error when saving fails', async () => {
    const { close } = setup(['CLIENT'], 500);
    await screen.findByRole('group', { name: 'Chat-Benachrichtigungen' });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Speichern der Benachrichtigungseinstellungen');
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' }).disabled).toBe(false);
  });

  it('says when the settings cannot be loaded, and when no username is known', async () => {
    stubApi({ 'GET /api/notificationSettings/mara': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    renderWithProviders(<NotificationSettingsModal close={vi.fn()} props={{}} />, { user: sessionUser('mara', ['CLIENT']) });
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Laden der Benachrichtigungseinstellungen');
    cleanup();

    renderWithProviders(<NotificationSettingsModal close={vi.fn()} props={{}} />, { user: null });
    expect(screen.getByRole('alert').textContent).toBe('Kein Benutzername gefunden');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' }).disabled).toBe(true);
  });
});

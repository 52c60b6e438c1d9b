import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserListItem } from '@bauakte/domain';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { AdminUsersModal } from './admin-users-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const users: UserListItem[] = [
  { username: 'admin', firstName: '', lastName: '', email: 'admin@example.at', role: 'ADMIN', status: 'ACTIVE' },
  { username: 'lena', firstName: 'Lena', lastName: 'Huber', email: 'lena@example.at', role: 'ARCHI', status: 'INVITED' },
  { username: 'kunde1', firstName: 'Karl', lastName: 'Kunde', email: 'k@example.at', role: 'CLIENT', status: 'INVITED' },
];

const render = () => renderWithProviders(<AdminUsersModal />, { user: sessionUser('admin', ['ADMIN']) });
const row = (username: string) => screen.getByRole('rowheader', { name: username }).closest('tr') as HTMLElement;

describe('AdminUsersModal', () => {
  it('lists every user with German role and status labels', async () => {
    stubApi({ 'GET /api/admin/users': () => json(200, users) });
    render();
    await screen.findByRole('table');
    expect(within(row('lena')).getByText('Architekt/in')).toBeTruthy();
    expect(within(row('lena')).getByText('Eingeladen')).toBeTruthy();
    expect(within(row('admin')).getByText('Administrator/in')).toBeTruthy();
    expect(within(row('admin')).getByText('Registriert')).toBeTruthy();
    expect(within(row('kunde1')).getByText('Kunde/Kundin')).toBeTruthy();
  });

  it('offers to resend the invitation only to invited architects and shows the answer', async () => {
    const api = stubApi({
      'GET /api/admin/users': () => json(200, users),
      'POST /api/invitations/resend': () => json(200, { message: 'Die Einladung wurde versendet.' }),
    });
    render();
    await screen.findByRole('table');
    expect(screen.getAllByRole('button', { name: 'Einladung erneut senden' })).toHaveLength(1);
    await userEvent.click(within(row('lena')).getByRole('button', { name: 'Einladung erneut senden' }));
    expect((await within(row('lena')).findByRole('status')).textContent).toBe('Die Einladung wurde versendet.');
    expect(api.callsTo('POST', '/api/invitations/resend')[0]?.body).toEqual({ username: 'lena' });
  });

  it('shows the error and the empty state', async () => {
    stubApi({ 'GET /api/admin/users': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    render();
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Laden der Benutzer');
    cleanup();

    stubApi({ 'GET /api/admin/users': () => json(200, []) });
    render();
    expect(await screen.findByText('Es gibt noch keine Benutzer.')).toBeTruthy();
  });
});

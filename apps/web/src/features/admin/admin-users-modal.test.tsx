import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserListItem } from '@bauakte/domain/schemas';
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
      'POST /api/invitations/resend': () => json(200, { message: 'Die Einladung wird versendet.' }),
    });
    render();
    await screen.findByRole('table');
    expect(screen.getAllByRole('button', { name: 'Einladung erneut senden' })).toHaveLength(1);
    await userEvent.click(within(row('lena')).getByRole('button', { name: 'Einladung erneut senden' }));
    expect((await within(row('lena')).findByRole('status')).textContent).toBe('Die Einladung wird versendet.');
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

  it("shows the first 100 accounts and the next ones after 'Mehr laden'", async () => {
    const many: UserListItem[] = Array.from({ length: 150 }, (_, index) => ({ ...users[2]!, username: `kunde${String(index + 1).padStart(3, '0')}` }));
    const api = stubApi({
      'GET /api/admin/users': (call) => {
        const page = Number(new URL(call.path, 'http://localhost').searchParams.get('page'));
        return json(200, many.slice((page - 1) * 100, page * 100));
      },
    });
    render();
    await screen.findByRole('rowheader', { name: 'kunde100' });
    expect(screen.queryByRole('rowheader', { name: 'kunde101' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    await screen.findByRole('rowheader', { name: 'kunde150' });
    expect(screen.getAllByRole('row')).toHaveLength(151);
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/users').map((call) => call.path)).toEqual(['/api/admin/users?page=1&limit=100', '/api/admin/users?page=2&limit=100']);
  });
});

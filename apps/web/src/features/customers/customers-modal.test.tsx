import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer, Profile } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { useModal } from '../../platform/modals/modal-context';
import { ModalHost } from '../../test/modal-host';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const architects: Record<string, Customer['createdBy']> = {
  mara: { username: 'mara', firstName: 'Mara', lastName: 'Berger' },
  toni: { username: 'toni', firstName: 'Toni', lastName: 'Lechner' },
};

const customerOf = (username: string, status: Customer['status'], creationName = 'mara'): Customer => ({
  id: 1,
  username,
  firstName: 'Klara',
  lastName: 'Kundin',
  email: `${username}@example.at`,
  creationName,
  createdBy: architects[creationName] ?? { username: creationName, firstName: '', lastName: '' },
  status,
  address: { street: '', number: '', city: '', country: '', postalCode: '' },
});

const profileOf = (username: string): Profile => ({
  username,
  firstName: 'Klara',
  lastName: 'Kundin',
  email: `${username}@example.at`,
  phoneNumber: '',
  roles: ['CLIENT'],
  address: { street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '' },
});

/** Opens 'AllUser' as the architect's sidebar does, through the modal host. */
function Opener() {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal('AllUser')}>
      Registrierte Nutzer
    </button>
  );
}

async function setup(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  renderWithProviders(
    <ModalHost>
      <Opener />
    </ModalHost>,
    { user: sessionUser('mara', ['ARCHI']) },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Registrierte Nutzer' }));
  return { api, dialog: () => screen.getByRole('dialog') };
}

const row = (username: string) => screen.getByRole('button', { name: `Profil von ${username} öffnen` }).closest('tr') as HTMLElement;

describe('CustomersModal', () => {
  it("lists the team's customers with name, e-mail, status label and creator", async () => {
    await setup({ 'GET /api/ClientManagment/mara': () => json(200, [customerOf('klara', 'ACTIVE'), customerOf('karl', 'INVITED', 'toni')]) });
    expect(screen.getByRole('dialog', { name: 'Kundenübersicht' })).toBeTruthy();
    await screen.findByRole('table');
    expect(within(row('klara')).getByText('Registriert')).toBeTruthy();
    expect(within(row('klara')).getByText('Klara Kundin')).toBeTruthy();
    expect(within(row('karl')).getByText('Eingeladen')).toBeTruthy();
    // The creating architect by name, the username on hover.
    expect(within(row('karl')).getByText('Toni Lechner').getAttribute('title')).toBe('toni');
    expect(within(row('klara')).getByText('Mara Berger')).toBeTruthy();
    expect(within(row('karl')).getByText('karl@example.at')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Einladung erneut senden' })).toHaveLength(1);
  });

  it('shows the loading, error and empty states', async () => {
    await setup({ 'GET /api/ClientManagment/mara': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Fehler beim Laden der Benutzer');
    cleanup();
    await setup({ 'GET /api/ClientManagment/mara': () => json(200, []) });
    expect(await screen.findByText('Es wurden noch keine Kunden hinzugefügt')).toBeTruthy();
  });

  it("opens the customer's profile modal on a click", async () => {
    await setup({
      'GET /api/ClientManagment/mara': () => json(200, [customerOf('klara', 'ACTIVE')]),
      'GET /api/profil/klara': () => json(200, profileOf('klara')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Profil von klara öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    expect(await within(dialog).findByRole('heading', { name: 'Profil von klara' })).toBeTruthy();
  });

  it('resends the invitation of an invited customer', async () => {
    const { api } = await setup({
      'GET /api/ClientManagment/mara': () => json(200, [customerOf('karl', 'INVITED')]),
      'POST /api/invitations/resend': () => json(200, { message: 'Die Einladung wurde erneut versendet.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Einladung erneut senden' }));
    expect((await within(row('karl')).findByRole('status')).textContent).toBe('Die Einladung wurde erneut versendet.');
    expect(api.callsTo('POST', '/api/invitations/resend')[0]?.body).toEqual({ username: 'karl' });
  });

  it('deletes a customer after the confirmation and reloads the list', async () => {
    let customers = [customerOf('klara', 'ACTIVE'), customerOf('karl', 'INVITED')];
    const { api } = await setup({
      'GET /api/ClientManagment/mara': () => json(200, customers),
      'DELETE /api/profil/karl': () => {
        customers = customers.filter((customer) => customer.username !== 'karl');
        return noContent();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Löschen: karl' }));
    const question = screen.getByRole('alertdialog', { name: 'Soll das Konto von "karl" wirklich gelöscht werden?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Profil von karl öffnen' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/profil/karl')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/ClientManagment/mara').length).toBeGreaterThanOrEqual(2);
  });

  it("reloads the list when the profile modal's 'Profil löschen' removed the customer", async () => {
    let customers = [customerOf('klara', 'ACTIVE')];
    await setup({
      'GET /api/ClientManagment/mara': () => json(200, customers),
      'GET /api/profil/klara': () => json(200, profileOf('klara')),
      'DELETE /api/profil/klara': () => {
        customers = [];
        return noContent();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Profil von klara öffnen' }));
    const profile = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    await userEvent.click(await within(profile).findByRole('button', { name: 'Profil löschen' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Profil löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profil bearbeiten' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Registrierte Nutzer' }));
    expect(await screen.findByText('Es wurden noch keine Kunden hinzugefügt')).toBeTruthy();
  });

  it("shows the first 100 customers and the next ones after 'Mehr laden', until a page is short", async () => {
    const many = Array.from({ length: 130 }, (_, index) => customerOf(`kunde${String(index + 1).padStart(3, '0')}`, 'ACTIVE'));
    const { api } = await setup({
      'GET /api/ClientManagment/mara': (call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        const [page, limit] = [Number(query.get('page')), Number(query.get('limit'))];
        return json(200, many.slice((page - 1) * limit, page * limit));
      },
    });
    await screen.findByRole('button', { name: 'Profil von kunde100 öffnen' });
    expect(screen.queryByRole('button', { name: 'Profil von kunde101 öffnen' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    await screen.findByRole('button', { name: 'Profil von kunde130 öffnen' });
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
    expect(api.callsTo('GET', '/api/ClientManagment/mara').map((call) => call.path)).toEqual([
      '/api/ClientManagment/mara?page=1&limit=100',
      '/api/ClientManagment/mara?page=2&limit=100',
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultNotificationSettings } from '@bauakte/domain/labels';
import { json, stubApi } from '../test/api-stub';
import { renderWithProviders, sessionUser } from '../test/render';
import { useModal } from '../platform/modals/modal-context';
import { ModalHost } from '../test/modal-host';
import type { ModalProps, ModalType } from '../platform/modals/modal-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Opener({ type, props }: { type: ModalType; props?: ModalProps }) {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal(type, props)}>
      öffnen
    </button>
  );
}

function open(type: ModalType, roles: string[], props?: ModalProps) {
  renderWithProviders(
    <ModalHost>
      <Opener type={type} props={props} />
    </ModalHost>,
    { user: sessionUser('mara', roles) },
  );
  return userEvent.click(screen.getByRole('button', { name: 'öffnen' }));
}

describe('ModalProvider', () => {
  it('loads the profile body for the requested user into the titled dialog', async () => {
    stubApi({
      'GET /api/profil/kunde1': () =>
        json(200, {
          username: 'kunde1', firstName: 'Karl', lastName: 'Kunde', email: 'k@example.at', phoneNumber: '', roles: ['CLIENT'],
          address: { street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '' },
        }),
    });
    await open('UserProfil', ['ARCHI'], { username: 'kunde1' });
    const dialog = screen.getByRole('dialog', { name: 'Profil bearbeiten' });
    expect(await within(dialog).findByRole('heading', { name: 'Profil von kunde1' })).toBeTruthy();
  });

  it('puts the focus on the first field once a form modal has loaded, not on the close button', async () => {
    await open('CreateUser', ['ARCHI']);
    const dialog = screen.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
    const [first] = await within(dialog).findAllByRole('textbox');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('names the dialog by its title once: no description repeats it', async () => {
    stubApi({ 'GET /api/notificationSettings/mara': () => json(200, defaultNotificationSettings) });
    await open('NotificationSettings', ['CLIENT']);
    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungseinstellungen' });
    expect(dialog.getAttribute('aria-describedby')).toBeNull();
    expect(within(dialog).getAllByText('Benachrichtigungseinstellungen')).toHaveLength(1);
  });

  it('closes the dialog when its body calls close (Abbrechen)', async () => {
    stubApi({
      'GET /api/notificationSettings/mara': () => json(200, defaultNotificationSettings),
      'PUT /api/notificationSettings/mara': (call) => json(200, call.body),
    });
    await open('NotificationSettings', ['CLIENT']);
    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungseinstellungen' });
    await within(dialog).findByRole('group', { name: 'Chat-Benachrichtigungen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog has no Radix trigger: the host returns the focus to the button that opened it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'öffnen' }));
  });

  it("titles the architects' 'AllUser' as the customer overview and loads their customers", async () => {
    stubApi({ 'GET /api/ClientManagment/mara': () => json(200, []) });
    await open('AllUser', ['ARCHI']);
    const dialog = screen.getByRole('dialog', { name: 'Kundenübersicht' });
    expect(await within(dialog).findByText('Es wurden noch keine Kunden hinzugefügt')).toBeTruthy();
  });

  it("loads the architects' export into 'Projekt exportieren'", async () => {
    stubApi({});
    await open('ExportProject', ['ARCHI'], { projectId: 7 });
    const dialog = screen.getByRole('dialog', { name: 'Projekt exportieren' });
    expect(await within(dialog).findByRole('radiogroup', { name: 'Dateityp' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Exportieren' })).toBeTruthy();
  });

  it('keeps the placeholder where a role has no such modal', async () => {
    stubApi({});
    await open('ExportProject', ['CLIENT']);
    const dialog = screen.getByRole('dialog', { name: 'Projekt exportieren' });
    expect(within(dialog).getByText('In Arbeit')).toBeTruthy();
  });

  it("asks before Escape closes the profile with typed text, and closes at once once the text is saved", async () => {
    const profile = {
      username: 'mara', firstName: 'Mara', lastName: 'Berger', email: 'm@example.at', phoneNumber: '', roles: ['ARCHI'],
      address: { street: '', number: '', city: '', state: '', postalCode: '', country: '', municipality: '' },
    };
    stubApi({ 'GET /api/profil/mara': () => json(200, profile), 'PUT /api/profil/mara': (call) => json(200, { ...profile, ...(call.body as object) }) });
    await open('UserProfil', ['ARCHI']);
    const dialog = screen.getByRole('dialog', { name: 'Profil bearbeiten' });
    await userEvent.type(await within(dialog).findByLabelText('Telefonnummer'), '0664 123');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByLabelText<HTMLInputElement>('Telefonnummer').value).toBe('0664 123');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

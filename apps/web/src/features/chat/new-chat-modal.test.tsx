import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { useModal } from '../../platform/modals/modal-context';
import { ModalHost } from '../../test/modal-host';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Opener() {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal('NewChat')}>
      Neuer Chat
    </button>
  );
}

const partner = (username: string, firstName: string, role: 'ARCHI' | 'CLIENT') => ({ username, firstName, lastName: 'Test', role });
const created = { chatId: 4, participant: partner('kunde', 'Klara', 'CLIENT'), message: { id: 1, chatId: 4, message: 'Hallo', senderUsername: 'mara', receiverUsername: 'kunde', isRead: false, sentAt: '2026-11-23T08:00:00.000Z' } };

async function open(me: string, roles: string[], partners: unknown[], handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/MessageManagment/partners': () => json(200, partners),
    'POST /api/MessageManagment/createChat': () => json(201, created),
    [`GET /api/MessageManagment/receiver/${me}`]: () => json(200, []),
    ...handlers,
  });
  renderWithProviders(
    <ModalHost>
      <Opener />
    </ModalHost>,
    { user: sessionUser(me, roles) },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Neuer Chat' }));
  return { api, dialog: await screen.findByRole('dialog', { name: 'Neuer Chat' }) };
}

describe('NewChatModal', () => {
  it('lets an architect choose the customer; sending stays off while the message is blank', async () => {
    const { api, dialog } = await open('mara', ['ARCHI'], [partner('kunde', 'Klara', 'CLIENT'), partner('zweiter', 'Zora', 'CLIENT')]);
    const send = await within(dialog).findByRole('button', { name: 'Senden' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Nachricht/), '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Nachricht/), 'Hallo');
    await userEvent.click(send);
    const receiver = within(dialog).getByLabelText(/Kunde/);
    expect((await within(dialog).findByText('Bitte wählen Sie, wem Sie schreiben.')).id).toBe(receiver.getAttribute('aria-describedby'));
    expect(receiver.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(receiver);
    await userEvent.selectOptions(within(dialog).getByLabelText(/Kunde/), 'kunde');
    await userEvent.click(send);
    await waitFor(() => expect(api.callsTo('POST', '/api/MessageManagment/createChat')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/MessageManagment/createChat')[0]!.body).toEqual({ message: '   Hallo', senderUsername: 'mara', receiverUsername: 'kunde' });
    expect(await screen.findByRole('dialog', { name: 'Chat Übersicht' })).toBeTruthy();
  });

  it('names the customers by name, with the username only beside a name two of them share', async () => {
    const { dialog } = await open('mara', ['ARCHI'], [partner('kunde', 'Klara', 'CLIENT'), partner('kunde2', 'Klara', 'CLIENT'), partner('zweiter', 'Zora', 'CLIENT')]);
    const receiver = await within(dialog).findByLabelText(/Kunde/);
    const labels = within(receiver).getAllByRole('option').map((option) => option.textContent);
    expect(labels).toEqual(['Bitte wählen', 'Klara Test (kunde)', 'Klara Test (kunde2)', 'Zora Test']);
  });

  it("offers an office's further customers page by page with 'Weitere Kundinnen und Kunden laden'", async () => {
    const customer = (index: number) => ({ username: `kunde${String(index).padStart(3, '0')}`, firstName: 'Eva', lastName: `Kunde${index}`, role: 'CLIENT' });
    const pages: Record<string, unknown[]> = {
      '1': Array.from({ length: 100 }, (_, index) => customer(index + 1)),
      '2': [customer(101), customer(102)],
    };
    const { api, dialog } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/partners': (call) => json(200, pages[new URL(call.path, 'http://localhost').searchParams.get('page') ?? '1'] ?? []),
    });
    const receiver = (await within(dialog).findByLabelText(/Kunde/)) as HTMLSelectElement;
    expect(within(receiver).queryByRole('option', { name: 'Eva Kunde101' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weitere Kundinnen und Kunden laden' }));
    await waitFor(() => expect(within(receiver).getByRole('option', { name: 'Eva Kunde102' })).toBeTruthy());
    expect(api.callsTo('GET', '/api/MessageManagment/partners').map((call) => call.path)).toEqual([
      '/api/MessageManagment/partners?page=1&limit=100',
      '/api/MessageManagment/partners?page=2&limit=100',
    ]);
    // The second page was short: there is nothing more to load.
    expect(within(dialog).queryByRole('button', { name: 'Weitere Kundinnen und Kunden laden' })).toBeNull();
    await userEvent.selectOptions(receiver, 'kunde102');
    expect(receiver.value).toBe('kunde102');
  });

  it('says beside the field that a message is too long, and sends nothing', async () => {
    const { api, dialog } = await open('kunde', ['CLIENT'], [partner('mara', 'Mara', 'ARCHI')]);
    await userEvent.click(await within(dialog).findByLabelText(/Nachricht/));
    await userEvent.paste('x'.repeat(10_001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(await within(dialog).findByText('Die Nachricht darf höchstens 10.000 Zeichen lang sein.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Nachricht/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/MessageManagment/createChat')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Nachricht/), '{Backspace}');
    expect(within(dialog).queryByText('Die Nachricht darf höchstens 10.000 Zeichen lang sein.')).toBeNull();
  });

  it("keeps the text and names the server's reason when the chat cannot be started", async () => {
    const { dialog } = await open('kunde', ['CLIENT'], [partner('mara', 'Mara', 'ARCHI')], {
      'POST /api/MessageManagment/createChat': () =>
        json(400, { message: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED', issues: [{ path: 'body/message', message: 'Bitte geben Sie eine Nachricht ein.' }] }),
    });
    await userEvent.type(await within(dialog).findByLabelText(/Nachricht/), 'Hallo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(await within(dialog).findByText('Der Chat konnte nicht gestartet werden. Bitte geben Sie eine Nachricht ein.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Nachricht/) as HTMLTextAreaElement).value).toBe('Hallo');
  });

  it('names the one architect a client writes to', async () => {
    const { dialog } = await open('kunde', ['CLIENT'], [partner('mara', 'Mara', 'ARCHI')]);
    expect(await within(dialog).findByText('An: Mara Test')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });
});

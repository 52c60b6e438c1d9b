import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pin, PinAssignee, ProjectFile } from '@bauakte/domain/schemas';
import { json, stubApi, type RecordedCall } from '../../../test/api-stub';
import { fakeLiveChannel } from '../../../test/fake-live-channel';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { LiveChatContext } from '../../../platform/live/live-chat-context';
import { PinBoard } from './pin-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = { id: 34, name: 'Grundriss EG' } as ProjectFile;
const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const mara = { username: 'mara', firstName: 'Mara', lastName: 'Berger' };

const pin = (fields: Partial<Pin>): Pin => ({
  id: 1,
  fileId: 34,
  page: 1,
  x: 0.25,
  y: 0.5,
  number: 1,
  comment: 'Riss links vom Fenster',
  photoFileId: null,
  photoFileIds: [],
  author: mara,
  authorName: 'Mara Berger',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  version: 3,
  status: 'OFFEN',
  kind: 'MANGEL',
  responsible: klara,
  dueDate: '2020-01-15',
  statusHistory: [],
  replies: [],
  carriedFromPinId: null,
  ...fields,
});

const stored = [
  pin({ statusHistory: [{ from: 'OFFEN', to: 'ERLEDIGT', byName: 'Klara Kundin', at: '2026-12-01T09:30:00.000Z' }, { from: 'ERLEDIGT', to: 'OFFEN', byName: 'Mara Berger', at: '2026-12-02T10:00:00.000Z' }] }),
  pin({ id: 2, number: 2, comment: 'Tragende Wand', kind: 'INFORMATION', responsible: null, dueDate: null, version: 1 }),
];
const assignees: PinAssignee[] = [
  { ...mara, role: 'ARCHI' },
  { ...klara, role: 'CLIENT' },
];

function setup(username: string, roles: string[], handlers: Record<string, (call: RecordedCall) => Response> = {}, route = '/projectOverview?projectId=7') {
  const api = stubApi({
    'GET /api/s3/project/7/files/34/pins': () => json(200, stored),
    'GET /api/s3/project/7/assignees': () => json(200, assignees),
    ...handlers,
  });
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <PinBoard projectId="7" file={plan} page={1} uploadPhoto={async () => 40} photoOf={() => undefined}>
        {({ sidePanel }) => <div>{sidePanel}</div>}
      </PinBoard>
    </LiveChatContext.Provider>,
    { user: sessionUser(username, roles), route, path: '/projectOverview' },
  );
  return Object.assign(api, { live });
}

/** The two pins' entries in the panel (each holds its own list of status changes). */
const entries = async () => {
  await screen.findByRole('heading', { name: 'Markierungen (2)' });
  return [screen.getByRole('button', { name: /^Markierung 1: Riss/ }).closest<HTMLElement>('[role="listitem"]')!, screen.getByRole('button', { name: /^Markierung 2: Tragende/ }).closest<HTMLElement>('[role="listitem"]')!];
};

describe('pins as open items', () => {
  it("selects the item a link from 'Offene Punkte' names", async () => {
    setup('klara', ['CLIENT'], {}, '/projectOverview?projectId=7&plan=34&page=1&pin=2');
    const [first, second] = await entries();
    expect(within(first!).getByRole('button', { name: /^Markierung 1: Riss/ }).getAttribute('aria-pressed')).toBe('false');
    expect(within(second!).getByRole('button', { name: /^Markierung 2: Tragende/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows status, kind, responsible person and due date, marks an overdue item and lists its status changes', async () => {
    setup('klara', ['CLIENT']);
    const [first, second] = await entries();
    expect(within(first!).getByRole('button', { name: 'Markierung 1: Offen', pressed: true })).toBeTruthy();
    expect(within(first!).getByText('Mangel')).toBeTruthy();
    expect(within(first!).getByText('Klara Kundin')).toBeTruthy();
    expect(within(first!).getByText('15.01.2020 (überfällig)')).toBeTruthy();
    expect(within(first!).getByText('Status geändert von Offen auf Erledigt – Klara Kundin, 01.12.2026, 10:30')).toBeTruthy();
    expect(within(first!).getByText('Status geändert von Erledigt auf Offen – Mara Berger, 02.12.2026, 11:00')).toBeTruthy();
    expect(within(second!).getByText('Niemand')).toBeTruthy();
    expect(within(second!).queryByText(/überfällig/)).toBeNull();
  });

  it('lets the responsible client set Erledigt with one click, sending the version the item was seen at', async () => {
    const api = setup('klara', ['CLIENT'], { 'PUT /api/s3/pins/1/status': ({ body }) => json(200, pin({ ...(body as object), version: 4 })) });
    const [first, second] = await entries();
    // Nobody is responsible for the second: the client may not set its status, nor assign anything.
    expect(within(second!).queryByRole('group', { name: /Status/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /zuordnen/ })).toBeNull();
    await userEvent.click(within(first!).getByRole('button', { name: 'Markierung 1: Erledigt' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/s3/pins/1/status')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/s3/pins/1/status')[0]?.body).toEqual({ status: 'ERLEDIGT', version: 3 });
    expect(await screen.findByText('Markierung 1 ist jetzt „Erledigt“.')).toBeTruthy();
  });

  it('says so when the item was changed meanwhile, and reads the pins again', async () => {
    const refusal = { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert. Bitte prüfen Sie die neue Fassung.' };
    const api = setup('mara', ['ARCHI'], { 'PUT /api/s3/pins/2/status': () => json(409, refusal) });
    const [, second] = await entries();
    const reads = api.callsTo('GET', '/api/s3/project/7/files/34/pins').length;
    await userEvent.click(within(second!).getByRole('button', { name: 'Markierung 2: In Bearbeitung' }));
    expect(await screen.findByText(/Sie sehen jetzt die neue Fassung; bitte wählen Sie den Status noch einmal/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/s3/project/7/files/34/pins').length).toBeGreaterThan(reads));
  });

  it('lets an architect assign an item to the client with a due date and a kind', async () => {
    const api = setup('mara', ['ARCHI'], { 'PUT /api/s3/pins/2/item': ({ body }) => json(200, pin({ id: 2, number: 2, ...(body as object) })) });
    const [, second] = await entries();
    await userEvent.click(within(second!).getByRole('button', { name: 'Markierung 2 zuordnen' }));
    const form = await screen.findByRole('form', { name: 'Markierung 2 zuordnen' });
    await within(form).findByRole('option', { name: 'Klara Kundin (Kunde/Kundin)' });
    // The item's kind as it is, not the list's first.
    expect((within(form).getByLabelText('Art') as HTMLSelectElement).value).toBe('INFORMATION');
    await userEvent.selectOptions(within(form).getByLabelText('Art'), 'Rückfrage');
    await userEvent.selectOptions(within(form).getByLabelText('Zuständig'), 'Klara Kundin (Kunde/Kundin)');
    await userEvent.type(within(form).getByLabelText('Fällig am'), '2027-03-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Zuordnung speichern' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/s3/pins/2/item')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/s3/pins/2/item')[0]?.body).toEqual({ kind: 'RUECKFRAGE', responsible: 'klara', dueDate: '2027-03-31', version: 1 });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Markierung 2 zuordnen' })).toBeNull());
  });

  it('shows the conversation with the status changes among the replies, and sends a reply from the selected item', async () => {
    const talked = pin({
      statusHistory: [{ from: 'OFFEN', to: 'ERLEDIGT', byName: 'Klara Kundin', at: '2026-12-01T09:30:00.000Z' }],
      replies: [
        { id: 1, text: 'Welche Farbe?', byName: 'Klara Kundin', at: '2026-12-01T08:00:00.000Z', photoFileIds: [] },
        { id: 2, text: 'Passt so.', byName: 'Mara Berger', at: '2026-12-01T10:00:00.000Z', photoFileIds: [] },
      ],
    });
    const api = setup('klara', ['CLIENT'], {
      'GET /api/s3/project/7/files/34/pins': () => json(200, [talked, stored[1]]),
      'POST /api/s3/pins/1/replies': ({ body }) => json(201, pin({ replies: [{ id: 3, text: (body as { text: string }).text, byName: 'Klara Kundin', at: '2026-12-02T08:00:00.000Z', photoFileIds: [] }] })),
    });
    const [first] = await entries();
    const lines = within(within(first!).getByRole('region', { name: 'Verlauf, Markierung 1' })).getAllByRole('listitem').map((line) => line.textContent);
    expect(lines).toEqual([
      'Klara Kundin, 01.12.2026, 09:00Welche Farbe?',
      'Status geändert von Offen auf Erledigt – Klara Kundin, 01.12.2026, 10:30',
      'Mara Berger, 01.12.2026, 11:00Passt so.',
    ]);
    expect(screen.queryByRole('form', { name: 'Antwort, Markierung 1' })).toBeNull();
    await userEvent.click(within(first!).getByRole('button', { name: /^Markierung 1: Riss/ }));
    const form = await screen.findByRole('form', { name: 'Antwort, Markierung 1' });
    await userEvent.type(within(form).getByLabelText(/Antwort/), 'Ist erledigt.');
    await userEvent.click(within(form).getByRole('button', { name: 'Antworten' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/pins/1/replies')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/pins/1/replies')[0]?.body).toEqual({ text: 'Ist erledigt.', photoFileIds: [] });
    await waitFor(() => expect((within(form).getByLabelText(/Antwort/) as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps a reply being written when an item before it goes, among many', async () => {
    const many = Array.from({ length: 30 }, (_, index) => pin({ id: index + 1, number: index + 1, comment: `Punkt ${index + 1}` }));
    let listed = many;
    const { live } = setup('klara', ['CLIENT'], { 'GET /api/s3/project/7/files/34/pins': () => json(200, listed) });
    await userEvent.click(await screen.findByRole('button', { name: /^Markierung 26: Punkt 26/ }));
    const reply = () => within(screen.getByRole('form', { name: 'Antwort, Markierung 26' })).getByLabelText(/Antwort/) as HTMLTextAreaElement;
    await userEvent.type(await waitFor(reply), 'Wird am Montag gemacht.');

    // Deleted by someone else: the list is read again and item 1 is gone.
    listed = many.slice(1);
    act(() => live.deliver('/topic/project/7/pins', { fileId: 34, pinId: 1 }));
    await screen.findByRole('heading', { name: 'Markierungen (29)' });
    expect(reply().value).toBe('Wird am Montag gemacht.');
  });
});

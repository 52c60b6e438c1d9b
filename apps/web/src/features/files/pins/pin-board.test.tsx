import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pin, ProjectFile } from '@bauakte/domain/schemas';
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
const photo = { id: 40, name: 'Foto zu Markierung 1', url: '/api/s3/download/7/40?sig', thumbnailUrl: '/api/s3/download/7/40/thumbnail?sig' };

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
  author: { username: 'klara', firstName: 'Klara', lastName: 'Kundin' },
  authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  version: 1,
  status: 'OFFEN',
  kind: 'INFORMATION',
  responsible: null,
  dueDate: null,
  statusHistory: [],
  replies: [],
  carriedFromPinId: null,
  ...fields,
});

const stored = [
  pin({ id: 1, number: 1, photoFileId: 40, photoFileIds: [40] }),
  pin({ id: 2, number: 2, comment: 'Tragende Wand', author: { username: 'mara', firstName: 'Mara', lastName: 'Berger' }, authorName: 'Mara Berger' }),
  pin({ id: 3, number: 3, page: 2, comment: 'Zählerkasten' }),
];

function setup(handlers: Record<string, (call: RecordedCall) => Response> = {}, live = fakeLiveChannel(), previousVersion?: { fileId: number; version: number }) {
  let answer = stored;
  const api = stubApi({
    'GET /api/s3/project/7/files/34/pins': () => json(200, answer),
    ...handlers,
  });
  live.connect();
  const view = renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <PinBoard projectId="7" file={plan} page={1} uploadPhoto={async () => 40} photoOf={(id) => (id === 40 ? photo : undefined)} previousVersion={previousVersion}>
        {({ pageOverlay, sidePanel }) => (
          <div>
            <div data-plan-stage="">
              <div data-testid="page">{pageOverlay}</div>
            </div>
            {sidePanel}
          </div>
        )}
      </PinBoard>
    </LiveChatContext.Provider>,
    { user: sessionUser('klara', ['CLIENT']) },
  );
  return { ...view, api, live, setAnswer: (pins: Pin[]) => (answer = pins) };
}

/** A tap on the page at these fractions of a 1000 × 500 page. */
function tapPage(x: number, y: number) {
  const layer = document.querySelector<HTMLElement>('[data-pin-layer]')!;
  vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 1000, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(layer, { clientX: x * 1000, clientY: y * 500, pointerId: 1, isPrimary: true });
  act(() => {
    window.dispatchEvent(Object.assign(new Event('pointerup'), { clientX: x * 1000, clientY: y * 500, pointerId: 1 }));
  });
}

describe('pins on a plan', () => {
  it('lists the page\'s pins with their numbers, authors and photos, and counts those on other pages', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Markierungen (3)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Markierung 1: Riss links vom Fenster' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Markierung 2: Tragende Wand' })).toBeTruthy();
    expect(screen.queryByText('Zählerkasten')).toBeNull();
    expect(screen.getByText('Eine weitere Markierung auf anderen Seiten.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto zu Markierung 1' }).getAttribute('src')).toBe(photo.thumbnailUrl);
    expect(screen.getByText(/^Mara Berger · /)).toBeTruthy();
  });

  it('offers Bearbeiten and Löschen on the person\'s own pins only', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: 'Löschen' })).toBeNull();
  });

  it('places a pin where the page is tapped, with the comment and the kind chosen, as number 4', async () => {
    const { api } = setup({ 'POST /api/s3/project/7/files/34/pins': ({ body }) => json(201, pin({ id: 9, number: 4, ...(body as object) })) });
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Markierung setzen' }));
    expect(screen.getByText('Tippen Sie auf die Stelle im Plan.')).toBeTruthy();
    tapPage(0.6, 0.2);
    const form = await screen.findByRole('form', { name: 'Markierung 4' });
    await userEvent.type(within(form).getByLabelText(/Was ist an dieser Stelle/), 'Feuchter Fleck');
    // A new pin is an 'Information' until its author says otherwise.
    expect((within(form).getByLabelText('Art') as HTMLSelectElement).value).toBe('INFORMATION');
    await userEvent.selectOptions(within(form).getByLabelText('Art'), 'Rückfrage');
    await userEvent.click(within(form).getByRole('button', { name: 'Markierung speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')[0]?.body).toEqual({ page: 1, x: 0.6, y: 0.2, comment: 'Feuchter Fleck', photoFileIds: [], kind: 'RUECKFRAGE' });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it("waits with 'Hier markieren' until the page is shown, then places the pin in the middle of the page in view", async () => {
    // The page's box has a size only once its image arrived; the browser says so to those who watch its size.
    const watchers: Array<() => void> = [];
    vi.stubGlobal('ResizeObserver', class {
      constructor(callback: () => void) {
        watchers.push(callback);
      }
      observe() {}
      disconnect() {}
    });
    const { api } = setup({ 'POST /api/s3/project/7/files/34/pins': ({ body }) => json(201, pin({ id: 9, number: 4, ...(body as object) })) });
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Markierung setzen' }));
    const here = screen.getByRole('button', { name: 'Hier markieren' });
    expect((here as HTMLButtonElement).disabled).toBe(true);
    const box = { left: 0, top: 0, width: 1000, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON: () => ({}) };
    vi.spyOn(document.querySelector<HTMLElement>('[data-pin-layer]')!, 'getBoundingClientRect').mockReturnValue(box);
    vi.spyOn(document.querySelector<HTMLElement>('[data-plan-stage]')!, 'getBoundingClientRect').mockReturnValue(box);
    act(() => watchers.forEach((changed) => changed()));
    await waitFor(() => expect((here as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(here);
    const form = await screen.findByRole('form', { name: 'Markierung 4' });
    await userEvent.type(within(form).getByLabelText(/Was ist an dieser Stelle/), 'Feuchter Fleck');
    await userEvent.click(within(form).getByRole('button', { name: 'Markierung speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')[0]?.body).toMatchObject({ page: 1, x: 0.5, y: 0.5 });
  });

  it('sends nothing without a comment and says why beside the field', async () => {
    const { api } = setup();
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Markierung setzen' }));
    tapPage(0.5, 0.5);
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung speichern' }));
    expect(await screen.findByText('Bitte beschreiben Sie, was an dieser Stelle ist.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(0);
  });

  it('keeps the changed comment and says so when the pin was changed meanwhile on another device', async () => {
    const refusal = { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert. Bitte prüfen Sie die neue Fassung.', pin: pin({ comment: 'Neu von woanders', version: 2 }) };
    const { api } = setup({ 'PUT /api/s3/pins/1': () => json(409, refusal) });
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    await userEvent.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Bearbeiten' }));
    const comment = screen.getByLabelText(/Was ist an dieser Stelle/);
    await userEvent.clear(comment);
    await userEvent.type(comment, 'Riss, 2 mm breit');
    await userEvent.click(screen.getByRole('button', { name: 'Änderung speichern' }));
    expect(await screen.findByText(/Diese Markierung wurde inzwischen geändert\. Sie sehen jetzt die neue Fassung/)).toBeTruthy();
    expect((screen.getByLabelText(/Was ist an dieser Stelle/) as HTMLTextAreaElement).value).toBe('Riss, 2 mm breit');
    expect(api.callsTo('PUT', '/api/s3/pins/1')[0]?.body).toEqual({ x: 0.25, y: 0.5, comment: 'Riss, 2 mm breit', version: 1 });
  });

  it('reads the pins again when the live channel says one of this plan changed', async () => {
    const { api, live, setAnswer } = setup();
    await screen.findByRole('heading', { name: 'Markierungen (3)' });
    const before = api.callsTo('GET', '/api/s3/project/7/files/34/pins').length;
    setAnswer([...stored, pin({ id: 4, number: 4, comment: 'Neu von Mara' })]);
    act(() => live.deliver('/topic/project/7/pins', { fileId: 34, pinId: 4 }));
    expect(await screen.findByRole('button', { name: 'Markierung 4: Neu von Mara' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/s3/project/7/files/34/pins').length).toBeGreaterThan(before);
  });

  it('offers the previous version\'s pins greyed, and takes one over onto this version through the carry-over route', async () => {
    const earlier = [pin({ id: 21, fileId: 33, number: 1, comment: 'Riss links vom Fenster' }), pin({ id: 22, fileId: 33, number: 2, x: 0.9, y: 0.1, comment: 'Kamin' })];
    const { api } = setup(
      {
        'GET /api/s3/project/7/files/33/pins': () => json(200, earlier),
        'POST /api/s3/project/7/files/34/pins/carry-over': () => json(200, { carried: [pin({ id: 30, number: 4, x: 0.9, y: 0.1, comment: 'Kamin', carriedFromPinId: 22 })] }),
      },
      fakeLiveChannel(),
      { fileId: 33, version: 1 },
    );
    const section = await screen.findByRole('region', { name: 'Aus Version 1' });
    // 'Riss links vom Fenster' at the same spot is on this version already: only 'Kamin' is offered.
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Version 1, Markierung 2: Kamin' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Markierung 2 übernehmen' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins/carry-over')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins/carry-over')[0]?.body).toEqual({ pinIds: [22] });
    expect(await screen.findByText('Markierung 4 wurde übernommen.')).toBeTruthy();
  });

  it("carries every open pin of the previous version with one click on 'Alle offenen übernehmen'", async () => {
    const earlier = [pin({ id: 22, fileId: 33, number: 2, x: 0.9, y: 0.1, comment: 'Kamin' }), pin({ id: 23, fileId: 33, number: 3, x: 0.4, y: 0.4, comment: 'Dachrinne' })];
    const { api } = setup(
      {
        'GET /api/s3/project/7/files/33/pins': () => json(200, earlier),
        'POST /api/s3/project/7/files/34/pins/carry-over': () =>
          json(200, { carried: [pin({ id: 30, number: 4, comment: 'Kamin', carriedFromPinId: 22 }), pin({ id: 31, number: 5, comment: 'Dachrinne', carriedFromPinId: 23 })] }),
      },
      fakeLiveChannel(),
      { fileId: 33, version: 1 },
    );
    const section = await screen.findByRole('region', { name: 'Aus Version 1' });
    await userEvent.click(within(section).getByRole('button', { name: 'Alle offenen übernehmen' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins/carry-over')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins/carry-over')[0]?.body).toEqual({});
    expect(await screen.findByText('2 Punkte wurden übernommen.')).toBeTruthy();
  });
});

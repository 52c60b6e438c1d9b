import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { ItemPhoto, Pin, ProjectFile } from '@bauakte/domain/schemas';
import { json, stubApi, type RecordedCall } from '../../../test/api-stub';
import { fakeLiveChannel } from '../../../test/fake-live-channel';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { LiveChatContext } from '../../../platform/live/live-chat-context';
import { PinBoard } from './pin-board';
import { ItemPhotosCard } from './item-photos-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = { id: 34, name: 'Grundriss EG' } as ProjectFile;
const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const photoFile = (id: number, name: string) => ({ id, name, url: `/api/s3/download/7/${id}?sig`, thumbnailUrl: `/api/s3/download/7/${id}/thumbnail?sig` });
const known = new Map([40, 41, 50].map((id) => [id, photoFile(id, `Foto ${id}`)]));

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
  author: klara,
  authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  version: 1,
  status: 'OFFEN',
  kind: 'MANGEL',
  responsible: null,
  dueDate: null,
  statusHistory: [],
  replies: [],
  carriedFromPinId: null,
  ...fields,
});

const withPhotos = pin({
  photoFileId: 40,
  photoFileIds: [40, 41],
  replies: [{ id: 7, text: 'Anbei der Zustand nachher.', byName: 'Mara Berger', at: '2026-11-28T08:00:00.000Z', photoFileIds: [50] }],
});

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function setup(pins: Pin[], handlers: Record<string, (call: RecordedCall) => Response> = {}) {
  const api = stubApi({ 'GET /api/s3/project/7/files/34/pins': () => json(200, pins), ...handlers });
  let next = 60;
  const uploadPhoto = vi.fn(async (_photo: File, _title: string) => next++);
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <PinBoard projectId="7" file={plan} page={1} uploadPhoto={uploadPhoto} photoOf={(id) => known.get(id)}>
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
    { user: sessionUser('klara', ['CLIENT']), route: '/projectOverview?projectId=7', path: '/projectOverview' },
  );
  return { api, uploadPhoto };
}

/** The pin's entry in the panel (the marker on the page carries the same name). */
const entryOf = async (name: RegExp) => (await screen.findAllByRole('button', { name })).map((button) => button.closest<HTMLElement>('[role="listitem"]')).find((item) => item !== null)!;

function tapPage(x: number, y: number) {
  const layer = document.querySelector<HTMLElement>('[data-pin-layer]')!;
  vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 1000, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(layer, { clientX: x * 1000, clientY: y * 500, pointerId: 1, isPrimary: true });
  act(() => {
    window.dispatchEvent(Object.assign(new Event('pointerup'), { clientX: x * 1000, clientY: y * 500, pointerId: 1 }));
  });
}

describe('photos of a pin and of its replies', () => {
  it('shows every photo of the item and of its replies, each named for screen readers', async () => {
    setup([withPhotos]);
    expect(await screen.findByRole('img', { name: 'Foto 1 zu Markierung 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 2 zu Markierung 1' }).getAttribute('src')).toBe(known.get(41)!.thumbnailUrl);
    expect(screen.getByRole('img', { name: 'Foto 1 zur Antwort von Mara Berger' }).getAttribute('src')).toBe(known.get(50)!.thumbnailUrl);
  });

  it('places a pin with several photos from the camera, one taken off again before saving', async () => {
    const { api, uploadPhoto } = setup([], { 'POST /api/s3/project/7/files/34/pins': ({ body }) => json(201, pin({ ...(body as object), photoFileIds: [60, 61] })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung setzen' }));
    tapPage(0.5, 0.5);
    await userEvent.type(await screen.findByLabelText(/Was ist an dieser Stelle/), 'Feuchter Fleck');
    const input = screen.getByLabelText(/^Fotos \(optional\)/) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    await userEvent.upload(input, [jpeg('eins.jpg'), jpeg('zwei.jpg')]);
    await userEvent.upload(input, jpeg('drei.jpg'));
    const chosen = screen.getByRole('list', { name: 'Gewählte Fotos' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['eins.jpgEntfernen', 'zwei.jpgEntfernen', 'drei.jpgEntfernen']);
    await userEvent.click(screen.getByRole('button', { name: 'Foto 2 entfernen (zwei.jpg)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Markierung speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(1));
    expect(uploadPhoto.mock.calls.map(([file]) => file.name)).toEqual(['eins.jpg', 'drei.jpg']);
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')[0]?.body).toEqual({ page: 1, x: 0.5, y: 0.5, comment: 'Feuchter Fleck', photoFileIds: [60, 61], kind: 'INFORMATION' });
  });

  it('sends again after a refusal without uploading the photos twice', async () => {
    let answers = 0;
    const { api, uploadPhoto } = setup([], {
      'POST /api/s3/project/7/files/34/pins': ({ body }) =>
        ++answers === 1 ? json(400, { code: 'VALIDATION_FAILED', message: 'Bitte prüfen Sie Ihre Eingaben.' }) : json(201, pin({ ...(body as object) })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung setzen' }));
    tapPage(0.5, 0.5);
    await userEvent.type(await screen.findByLabelText(/Was ist an dieser Stelle/), 'Feuchter Fleck');
    await userEvent.upload(screen.getByLabelText(/^Fotos \(optional\)/), [jpeg('eins.jpg'), jpeg('zwei.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Markierung speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins')).toHaveLength(2));
    expect(uploadPhoto).toHaveBeenCalledTimes(2);
    expect(api.callsTo('POST', '/api/s3/project/7/files/34/pins').map((call) => (call.body as { photoFileIds: number[] }).photoFileIds)).toEqual([[60, 61], [60, 61]]);
  });

  it('says at the field when more photos are chosen than an item may hold, and keeps those chosen before', async () => {
    setup([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung setzen' }));
    tapPage(0.5, 0.5);
    const input = (await screen.findByLabelText(/^Fotos \(optional\)/)) as HTMLInputElement;
    await userEvent.upload(input, jpeg('erstes.jpg'));
    await userEvent.upload(input, Array.from({ length: 10 }, (_, index) => jpeg(`foto-${index}.jpg`)));
    expect(await screen.findByText('Höchstens 10 Fotos. Bitte entfernen Sie zuerst ein Foto.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Gewählte Fotos' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("changes a pin's photos: one of its photos taken off, one added", async () => {
    const { api } = setup([withPhotos], { 'PUT /api/s3/pins/1': ({ body }) => json(200, pin({ ...(body as object), version: 2 })) });
    const entry = await entryOf(/^Markierung 1: Riss/);
    await userEvent.click(within(entry).getByRole('button', { name: 'Bearbeiten' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Foto 1 entfernen (Foto 40)' }));
    await userEvent.upload(screen.getByLabelText(/^Fotos \(optional\)/), jpeg('neu.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Änderung speichern' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/s3/pins/1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/s3/pins/1')[0]?.body).toEqual({ x: 0.25, y: 0.5, comment: 'Riss links vom Fenster', version: 1, photoFileId: 41, photoFileIds: [41, 60] });
  });

  it('answers an item with two photos', async () => {
    const { api, uploadPhoto } = setup([pin({})], { 'POST /api/s3/pins/1/replies': () => json(201, pin({})) });
    await userEvent.click(within(await entryOf(/^Markierung 1: Riss/)).getByRole('button', { name: /^Markierung 1: Riss/ }));
    const form = await screen.findByRole('form', { name: 'Antwort, Markierung 1' });
    await userEvent.type(within(form).getByLabelText(/Antwort/), 'Ist repariert.');
    await userEvent.upload(within(form).getByLabelText(/^Fotos \(optional\)/), [jpeg('vorher.jpg'), jpeg('nachher.jpg')]);
    await userEvent.click(within(form).getByRole('button', { name: 'Antworten' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/s3/pins/1/replies')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/s3/pins/1/replies')[0]?.body).toEqual({ text: 'Ist repariert.', photoFileIds: [60, 61] });
    expect(uploadPhoto.mock.calls.map(([, title]) => title)).toEqual(['Foto zur Antwort – Markierung 1 – Grundriss EG', 'Foto zur Antwort – Markierung 1 – Grundriss EG']);
    await waitFor(() => expect(within(form).queryByRole('list', { name: 'Gewählte Fotos' })).toBeNull());
  });
});

function Location() {
  const { search } = useLocation();
  return <p data-testid="location">{search}</p>;
}

const itemPhoto = (fields: Partial<ItemPhoto>): ItemPhoto => ({
  file: { ...photoFile(40, 'Foto zu Markierung 3 – Grundriss EG') } as ProjectFile,
  pinId: 9,
  pinNumber: 3,
  replyId: null,
  fileId: 34,
  planId: 30,
  planName: 'Grundriss EG',
  page: 2,
  ...fields,
});

function setupCard(photos: ItemPhoto[]) {
  const api = stubApi({ 'GET /api/s3/project/7/item-photos': () => json(200, photos) });
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <ItemPhotosCard projectId="7" />
      <Location />
    </LiveChatContext.Provider>,
    { user: sessionUser('mara', ['ARCHI']), route: '/projectOverview?projectId=7', path: '*' },
  );
  return { api, live };
}

describe("the project's 'Fotos'", () => {
  it('lists the photos of the items with the item they belong to, and opens the item in the viewer', async () => {
    setupCard([
      itemPhoto({}),
      itemPhoto({ file: photoFile(41, 'Foto zwei') as ProjectFile }),
      itemPhoto({ file: photoFile(50, 'Foto der Antwort') as ProjectFile, replyId: 5 }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Fotos' })).toBeTruthy();
    expect(screen.getByText('3 Fotos')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 1 zu Markierung 3' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 2 zu Markierung 3' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto zu Markierung 3 (Antwort)' })).toBeTruthy();
    expect(screen.getAllByText('Markierung 3 · Grundriss EG')).toHaveLength(2);
    expect(screen.getByText('Antwort zu Markierung 3 · Grundriss EG')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Markierung 3 auf Grundriss EG öffnen' })[0]!);
    expect(screen.getByTestId('location').textContent).toBe('?projectId=7&plan=34&page=2&pin=9&ofPlan=30');
  });

  it('reads the photos again when an item changes, and is left out while the project has none', async () => {
    let answer: ItemPhoto[] = [];
    const api = stubApi({ 'GET /api/s3/project/7/item-photos': () => json(200, answer), 'GET /api/s3/project/7': () => json(200, []) });
    const live = fakeLiveChannel();
    live.connect();
    renderWithProviders(
      <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
        <ItemPhotosCard projectId="7" />
      </LiveChatContext.Provider>,
      { user: sessionUser('mara', ['ARCHI']), route: '/projectOverview?projectId=7', path: '*' },
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/s3/project/7/item-photos')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Fotos' })).toBeNull();
    answer = [itemPhoto({})];
    act(() => live.deliver('/topic/project/7/pins', { fileId: 34, pinId: 9 }));
    expect(await screen.findByRole('img', { name: 'Foto zu Markierung 3' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { QuestionPhoto } from '@bauakte/domain/schemas';
import { json, noContent } from '../../test/api-stub';
import { stubXhr } from '../../test/xhr-stub';
import { QueueContext, type QueueState } from '../../platform/offline/queue-context';
import type { QueueItem, QueuePayload } from '../../platform/offline/queue-store';
import { HeatingPage } from './heating-page';
import { field, renderStep, select } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const photoOf = (id: number, uploadedBy: string): QuestionPhoto => ({
  step: 'heating',
  question: 'heatProducer',
  file: {
    id, url: `/api/s3/download/7/${id}?s=1`, thumbnailUrl: `/api/s3/download/7/${id}/thumbnail?s=1`, pageCount: null, previewPending: false, pagesUrl: null,
    name: 'Foto: Wärmeerzeuger', comment: '', documentType: 'JPG', contentType: 'image/jpeg', size: 2048, originalName: 'typenschild.jpg',
    uploadedBy, uploadedByName: uploadedBy, uploadedAt: '2026-12-07T10:00:00.000Z', planId: id, version: 1, versionCount: 1,
  },
});

function fakeQueue(items: QueueItem[] = []) {
  const enqueue = vi.fn<QueueState['enqueue']>(async (payload: QueuePayload) => ({ id: 9, user: 'kundin', userId: 3, createdAt: '', status: 'waiting', bytes: 1, payload }));
  const state: QueueState = { available: true, items, unreadable: [], progress: new Map(), enqueue, putStep: vi.fn(), remove: vi.fn(), sync: vi.fn() };
  return { state, enqueue };
}

function setup(photos: QuestionPhoto[], queue: QueueState = fakeQueue().state, roles = ['CLIENT']) {
  let listed = photos;
  const rendered = renderStep(
    <QueueContext.Provider value={queue}>
      <HeatingPage />
    </QueueContext.Provider>,
    {
      path: '/heating',
      roles,
      handlers: {
        'GET /api/heating/7': () => json(200, {}),
        'GET /api/s3/project/7/question-photos': () => json(200, listed),
        'DELETE /api/s3/question-photos/41': () => {
          listed = listed.filter((photo) => photo.file.id !== 41);
          return noContent();
        },
      },
    },
  );
  return { ...rendered, setListed: (next: QuestionPhoto[]) => (listed = next) };
}

const photoFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'typenschild.jpg', { type: 'image/jpeg' });
const cameraInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('#question-heatProducer-photos-input')!;

describe('photos to questions', () => {
  it("offers 'Foto hinzufügen' beside the heat producer, opening the phone's camera, and none beside the fuel", async () => {
    const { container } = setup([]);
    expect(await screen.findByRole('button', { name: 'Foto hinzufügen zu „Wärmeerzeuger“' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Foto hinzufügen zu „Brennstoff“' })).toBeNull();
    const input = cameraInput(container);
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
  });

  it('uploads the chosen photo with its question and shows it under the question', async () => {
    const xhr = stubXhr();
    const { container, setListed } = setup([]);
    await screen.findByRole('button', { name: 'Foto hinzufügen zu „Wärmeerzeuger“' });
    await userEvent.upload(cameraInput(container), photoFile());
    // The request is loaded with the first photo sent.
    const sent = await vi.waitFor(() => xhr.last());
    expect(sent.fields()).toEqual([
      ['projectId', '7'],
      ['fileName', 'Foto: Wärmeerzeuger'],
      ['comment', ''],
      ['documentType', 'JPG'],
      ['question', 'heatProducer'],
      ['file', 'file:typenschild.jpg'],
    ]);
    setListed([photoOf(41, 'kundin')]);
    act(() => sent.respond(201, photoOf(41, 'kundin').file));
    const list = await screen.findByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    expect(within(list).getByRole('img', { name: 'Foto 1 zu „Wärmeerzeuger“' }).getAttribute('src')).toBe('/api/s3/download/7/41/thumbnail?s=1');
    expect(await screen.findByText('Foto hinzugefügt.')).toBeTruthy();
  });

  it('keeps the photo in the offline queue without a connection, shows it waiting, and loses nothing typed', async () => {
    const { state, enqueue } = fakeQueue();
    const { container } = setup([], state);
    await select('Wärmeerzeuger', 'LOW_TEMP_BOILER');
    await userEvent.type(field('Baujahr der Heizung'), 'um 1990');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => onlineManager.setOnline(false));
    await userEvent.upload(cameraInput(container), photoFile());
    await waitFor(() => expect(enqueue).toHaveBeenCalledTimes(1));
    expect(enqueue.mock.calls[0]![0]).toMatchObject({ kind: 'upload', projectId: '7', question: 'heatProducer', documentType: 'JPG', originalName: 'typenschild.jpg' });
    expect(await screen.findByText('Foto auf diesem Gerät gespeichert — wird übertragen, sobald Sie online sind.')).toBeTruthy();
    expect(field<HTMLSelectElement>('Wärmeerzeuger').value).toBe('LOW_TEMP_BOILER');
    expect(field('Baujahr der Heizung').value).toBe('um 1990');

    // Back on the page later (the step is read again with a connection): the photo still waits on the device.
    const waiting: QueueItem = { id: 9, user: 'kundin', userId: 3, createdAt: '', status: 'waiting', bytes: 1, payload: enqueue.mock.calls[0]![0] };
    cleanup();
    vi.restoreAllMocks();
    act(() => onlineManager.setOnline(true));
    setup([], fakeQueue([waiting]).state);
    const list = await screen.findByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    expect(within(list).getByText('Wartet auf Verbindung')).toBeTruthy();
  });

  it("refuses a file that is no photo in German, and offers 'Entfernen' on the client's own photos only", async () => {
    const { container, api } = setup([photoOf(41, 'kundin'), photoOf(42, 'mara')]);
    const list = await screen.findByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    expect(within(list).getAllByRole('button', { name: /entfernen/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Foto 1 zu „Wärmeerzeuger“ entfernen']);
    await userEvent.upload(cameraInput(container), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('Bitte wählen Sie ein Foto (JPG oder PNG).')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Foto 1 zu „Wärmeerzeuger“ entfernen' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/s3/question-photos/41')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto 2 zu „Wärmeerzeuger“' })).toBeNull());
  });

  it('lets an architect remove any photo', async () => {
    setup([photoOf(41, 'kundin'), photoOf(42, 'mara')], fakeQueue().state, ['ARCHI']);
    const list = await screen.findByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    expect(within(list).getAllByRole('button', { name: /entfernen/ })).toHaveLength(2);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { stubXhr } from '../../test/xhr-stub';
import { fakeLiveChannel } from '../../test/fake-live-channel';
import { LiveChatContext } from '../../platform/live/live-chat-context';
import { ModalHost } from '../../test/modal-host';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { fileLinkRefresh, projectFilesQuery } from './files-api';
import { ProjectFilesCard } from './project-files-card';

const plan: ProjectFile = {
  id: 35,
  url: '/api/s3/download/7/35?expires=1795000000&signature=abc',
  thumbnailUrl: '/api/s3/download/7/35/thumbnail?expires=1795000000&signature=def', previewPending: false,
  pageCount: null,
  pagesUrl: null,
  name: 'Ansicht Süd',
  comment: 'Foto vom Garten aus',
  documentType: 'PNG',
  contentType: 'image/png',
  size: 1572864,
  originalName: 'ansicht-sued.png',
  uploadedBy: 'klara',
  uploadedByName: 'Klara Kundin',
  uploadedAt: '2026-11-22T13:05:00.000Z',
  planId: 35,
  version: 1,
  versionCount: 1,
};

const drawing: ProjectFile = {
  ...plan,
  id: 34,
  planId: 34,
  url: '/api/s3/download/7/34?expires=1795000000&signature=ghi',
  thumbnailUrl: '/api/s3/download/7/34/thumbnail?expires=1795000000&signature=jkl',
  pageCount: 3,
  pagesUrl: '/api/s3/download/7/34/pages?expires=1795000000&signature=mno',
  name: 'Grundriss EG',
  comment: '',
  documentType: 'PDF',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'grundriss.pdf',
  uploadedBy: null,
  uploadedByName: '',
  uploadedAt: '2026-11-21T08:30:00.000Z',
};

type Handlers = Parameters<typeof stubApi>[0];

function setup(handlers: Handlers = {}, roles = ['CLIENT'], route = '/') {
  sessionStorage.clear();
  clearSelectedProject();
  selectProject('7');
  const api = stubApi({ 'GET /api/s3/project/7': () => json(200, [plan, drawing]), ...handlers });
  const rendered = renderWithProviders(
    <ModalHost>
      <ProjectFilesCard projectId="7" />
    </ModalHost>,
    { user: sessionUser(roles.includes('CLIENT') ? 'klara' : 'mara', roles), route },
  );
  return { api, ...rendered };
}

/** The card for the client, with a live channel the test sends the server's announcements on. */
function renderWithLiveChannel() {
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <ModalHost>
        <ProjectFilesCard projectId="7" />
      </ModalHost>
    </LiveChatContext.Provider>,
    { user: sessionUser('klara', ['CLIENT']) },
  );
  return live;
}

const card = () => screen.getByRole('region', { name: 'Projektdateien' });
const tile = (name: string) => within(card()).getByRole('article', { name });
const listCalls = (api: ReturnType<typeof stubApi>) => api.callsTo('GET', '/api/s3/project/7').length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProjectFilesCard: states', () => {
  it("says 'Dateien werden geladen...' while loading", async () => {
    setup({ 'GET /api/s3/project/7': () => new Promise<Response>(() => undefined) });
    expect(within(card()).getByRole('status').textContent).toBe('Dateien werden geladen...');
    expect(within(card()).queryByRole('list')).toBeNull();
  });

  it("says 'Noch keine Dateien vorhanden.' for a project without files", async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, []) });
    expect(await within(card()).findByText('Noch keine Dateien vorhanden.')).toBeTruthy();
    expect(within(card()).queryByRole('article')).toBeNull();
  });

  it("says 'Dateien konnten nicht geladen werden.' with an empty list, and loads again on request", async () => {
    let fail = true;
    setup({ 'GET /api/s3/project/7': () => (fail ? json(500, { message: 'Ein interner Fehler ist aufgetreten.', code: 'INTERNAL_ERROR' }) : json(200, [plan])) });
    expect((await within(card()).findByRole('alert')).textContent).toBe('Dateien konnten nicht geladen werden.');
    expect(within(card()).queryByRole('article')).toBeNull();
    fail = false;
    await userEvent.click(within(card()).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(card()).findByRole('article', { name: 'Ansicht Süd' })).toBeTruthy();
    expect(within(card()).queryByRole('alert')).toBeNull();
  });

  it('keeps the list when fetching it again fails, so a plan open in the viewer stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = false;
    const { queryClient } = setup({ 'GET /api/s3/project/7': () => (fail ? json(500, { message: 'Ein interner Fehler ist aufgetreten.', code: 'INTERNAL_ERROR' }) : json(200, [plan, drawing])) });
    await within(card()).findByRole('article', { name: 'Ansicht Süd' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Ansehen: Ansicht Süd' }));
    expect(await screen.findByRole('dialog', { name: 'Ansicht Süd' })).toBeTruthy();
    fail = true;
    await act(async () => vi.advanceTimersByTimeAsync(fileLinkRefresh.refetchIntervalMs));
    await waitFor(() => expect(queryClient.getQueryState(projectFilesQuery('7').queryKey)?.status).toBe('error'));
    // The query cache tells the components in a batch of its own: a callback it schedules after that batch runs once they have heard.
    await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
    expect(screen.getByRole('dialog', { name: 'Ansicht Süd' })).toBeTruthy();
    // Behind the open viewer, the page is hidden from assistive technology.
    const list = screen.getByRole('region', { name: 'Projektdateien', hidden: true });
    expect(within(list).getByRole('article', { name: 'Grundriss EG', hidden: true })).toBeTruthy();
    expect(within(list).queryByText('Dateien konnten nicht geladen werden.')).toBeNull();
  });

  it('fetches the list again after 10 minutes, before its signed links expire', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup();
    await within(card()).findByRole('article', { name: 'Ansicht Süd' });
    expect(listCalls(api)).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(fileLinkRefresh.refetchIntervalMs));
    await waitFor(() => expect(listCalls(api)).toBe(2));
    expect(fileLinkRefresh.refetchIntervalMs).toBeLessThan(15 * 60_000);
  });
});

describe('ProjectFilesCard: tiles', () => {
  it('shows name, comment, type and size, uploader and date, and a Download link with the original name', async () => {
    setup();
    await within(card()).findByRole('article', { name: 'Ansicht Süd' });
    const image = tile('Ansicht Süd');
    expect(within(image).getByText('Foto vom Garten aus')).toBeTruthy();
    expect(within(image).getByText('PNG · 1,5 MB')).toBeTruthy();
    expect(within(image).getByText('Hochgeladen von Klara Kundin am 22.11.2026, 14:05')).toBeTruthy();
    const download = within(image).getByRole('link', { name: 'Download: Ansicht Süd' });
    expect(download.textContent).toBe('Download');
    expect(download.getAttribute('href')).toBe(plan.url);
    expect(download.getAttribute('download')).toBe('ansicht-sued.png');
    expect(within(tile('Grundriss EG')).getByText('Hochgeladen von einem gelöschten Konto am 21.11.2026, 09:30')).toBeTruthy();
  });

  it('shows an image by its lazily loaded preview, and opens it in the plan viewer; Escape returns to the tile', async () => {
    setup();
    const image = await within(card()).findByAltText('Ansicht Süd');
    expect(image.getAttribute('src')).toBe(plan.thumbnailUrl);
    expect(image.getAttribute('loading')).toBe('lazy');
    const opener = within(tile('Ansicht Süd')).getByRole('button', { name: 'Ansehen: Ansicht Süd' });
    await userEvent.click(opener);
    const viewer = await screen.findByRole('dialog', { name: 'Ansicht Süd' });
    expect(within(viewer).getByAltText('Ansicht Süd').getAttribute('src')).toBe(plan.url);
    expect(within(viewer).getByRole('link', { name: 'Original herunterladen' }).getAttribute('href')).toBe(plan.url);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('shows a PDF by the picture of its first page made at upload, without embedding the document, and opens it page by page', async () => {
    setup();
    const pdf = await within(card()).findByRole('article', { name: 'Grundriss EG' });
    const picture = within(pdf).getByAltText('PDF-Vorschau: Grundriss EG');
    expect(picture.getAttribute('src')).toBe(drawing.thumbnailUrl);
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(pdf.querySelector('object, iframe, embed')).toBeNull();
    await userEvent.click(within(pdf).getByRole('button', { name: 'Ansehen: Grundriss EG' }));
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Seite 1 von 3')).toBeTruthy();
  });

  it('opens the plan a link names (?plan=<fileId>&page=<n>) in the viewer on that page; opened again by its tile, on page 1', async () => {
    setup({}, ['CLIENT'], '/?plan=34&page=2');
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Seite 2 von 3')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(tile('Grundriss EG')).getByRole('button', { name: 'Ansehen: Grundriss EG' }));
    expect(within(await screen.findByRole('dialog', { name: 'Grundriss EG' })).getByText('Seite 1 von 3')).toBeTruthy();
  });

  it("opens an older version of a listed plan that a link names with its plan (?plan=<fileId>&ofPlan=<planId>, an item of 'Offene Punkte'), offering the current one", async () => {
    const current: ProjectFile = { ...drawing, id: 52, pagesUrl: '/api/s3/download/7/52/pages?expires=1795000000&signature=v2p', uploadedByName: 'Mara Berger', version: 2, versionCount: 2 };
    const older: ProjectFile = { ...drawing, versionCount: 2 };
    setup(
      {
        'GET /api/s3/project/7': () => json(200, [current]),
        'GET /api/s3/project/7/files/52/versions': () => json(200, [current, older]),
        'GET /api/s3/project/7/files/34/pins': () => json(200, []),
      },
      ['CLIENT'],
      '/?plan=34&page=2&pin=9&ofPlan=34',
    );
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Seite 2 von 3')).toBeTruthy();
    expect(within(viewer).getByAltText(/^Grundriss EG, Seite 2 von 3$/).getAttribute('src')).toContain(drawing.pagesUrl!);
    expect(within(viewer).getByText('Neue Version verfügbar')).toBeTruthy();
  });

  it('shows a PDF without a thumbnail by its first page at the smallest rendered width', async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, [{ ...drawing, thumbnailUrl: null }]) });
    const first = await within(card()).findByAltText('PDF-Vorschau: Grundriss EG');
    expect(first.getAttribute('src')).toBe(`${drawing.pagesUrl}&page=1&width=480`);
  });

  it("says 'PDF · Keine Vorschau' for a PDF the server could not render, loading nothing of it, and 'Keine Vorschau' with the download in the viewer", async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, [{ ...drawing, thumbnailUrl: null, pageCount: null, pagesUrl: null }]) });
    const pdf = await within(card()).findByRole('article', { name: 'Grundriss EG' });
    expect(within(pdf).getByText('PDF · Keine Vorschau')).toBeTruthy();
    expect(pdf.querySelector('img, object, iframe')).toBeNull();
    await userEvent.click(within(pdf).getByRole('button', { name: 'Ansehen: Grundriss EG' }));
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Keine Vorschau')).toBeTruthy();
    expect(within(viewer).getByRole('link', { name: 'Original herunterladen' }).getAttribute('href')).toBe(drawing.url);
  });

  it("says 'PDF · Vorschau wird erstellt …' for a PDF whose first page the server is still rendering, and shows that page once the live channel announces the file again", async () => {
    const pending: ProjectFile = { ...drawing, thumbnailUrl: null, pageCount: null, pagesUrl: null, previewPending: true };
    let listed: ProjectFile[] = [pending];
    sessionStorage.clear();
    clearSelectedProject();
    selectProject('7');
    stubApi({ 'GET /api/s3/project/7': () => json(200, listed) });
    const live = renderWithLiveChannel();
    const pdf = await within(card()).findByRole('article', { name: 'Grundriss EG' });
    expect(within(pdf).getByText('PDF · Vorschau wird erstellt …')).toBeTruthy();
    expect(within(pdf).queryByText('PDF · Keine Vorschau')).toBeNull();
    expect(pdf.querySelector('img')).toBeNull();

    listed = [drawing];
    act(() => live.deliver('/topic/project/7/files', { fileId: drawing.id, planId: drawing.planId, version: 1 }));
    const first = await within(tile('Grundriss EG')).findByAltText('PDF-Vorschau: Grundriss EG');
    expect(first.getAttribute('src')).toBe(drawing.thumbnailUrl);
    expect(within(tile('Grundriss EG')).queryByText('PDF · Vorschau wird erstellt …')).toBeNull();
  });

  it("says 'Keine Vorschau' for an image the server kept without a thumbnail, loading neither it nor the original", async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, [{ ...plan, thumbnailUrl: null, name: 'Riesenplan' }]) });
    const huge = await within(card()).findByRole('article', { name: 'Riesenplan' });
    expect(within(huge).getByText('Keine Vorschau')).toBeTruthy();
    expect(huge.querySelector('img, object')).toBeNull();
    expect(within(huge).getByRole('link', { name: 'Download: Riesenplan' }).getAttribute('href')).toBe(plan.url);
    await userEvent.click(within(huge).getByRole('button', { name: 'Ansehen: Riesenplan' }));
    const viewer = await screen.findByRole('dialog', { name: 'Riesenplan' });
    expect(within(viewer).getByText('Keine Vorschau')).toBeTruthy();
    expect(viewer.querySelector('img')).toBeNull();
  });

  it("says 'Nicht unterstützter Dateityp' for any other type", async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, [{ ...drawing, documentType: 'TIFF', thumbnailUrl: null, name: 'Alt' }]) });
    const other = await within(card()).findByRole('article', { name: 'Alt' });
    expect(within(other).getByText('Nicht unterstützter Dateityp')).toBeTruthy();
    expect(other.querySelector('img, object')).toBeNull();
  });
});

describe('ProjectFilesCard: Löschen', () => {
  it('asks the spec question and keeps the file when cancelled', async () => {
    const { api } = setup();
    await userEvent.click(await within(card()).findByRole('button', { name: 'Löschen: Grundriss EG' }));
    const question = screen.getByRole('alertdialog', { name: 'Soll die Datei "Grundriss EG" gelöscht werden?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('POST', '/api/s3/deleteFile')).toHaveLength(0);
    expect(tile('Grundriss EG')).toBeTruthy();
  });

  it('deletes after confirmation by projectId, title and s3Key, disabled meanwhile, then removes the tile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api } = setup({ 'POST /api/s3/deleteFile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const button = await within(card()).findByRole('button', { name: 'Löschen: Grundriss EG' });
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(api.callsTo('POST', '/api/s3/deleteFile')[0]?.body).toEqual({
      projectId: 7,
      fileName: 'Grundriss EG',
      s3Key: 'Projekt/7/34?expires=1795000000&signature=ghi',
    });
    expect(tile('Grundriss EG')).toBeTruthy();
    await act(async () => answer(noContent()));
    await waitFor(() => expect(within(card()).queryByRole('article', { name: 'Grundriss EG' })).toBeNull());
    expect(tile('Ansicht Süd')).toBeTruthy();
    expect(within(card()).getByRole('status').textContent).toBe('Die Datei „Grundriss EG“ wurde gelöscht.');
    expect(listCalls(api)).toBe(1);
  });

  it('keeps the file and says so beside the list when the deletion fails', async () => {
    setup({ 'POST /api/s3/deleteFile': () => json(403, { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' }) });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Löschen: Ansicht Süd' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe('Die Datei konnte nicht gelöscht werden. Dafür fehlt Ihnen die Berechtigung.');
    expect(tile('Ansicht Süd')).toBeTruthy();
    expect((within(tile('Ansicht Süd')).getByRole('button', { name: 'Löschen: Ansicht Süd' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("ProjectFilesCard: '+ Plan hochladen'", () => {
  it.each([['CLIENT'], ['ARCHI']])('opens the upload modal for %s; after an upload the modal closes and the list reloads', async (role) => {
    let files = [drawing];
    const { api } = setup({ 'GET /api/s3/project/7': () => json(200, files) }, [role]);
    sessionStorage.setItem('token', 'abc.def.ghi');
    const xhr = stubXhr();
    await within(card()).findByRole('article', { name: 'Grundriss EG' });
    await userEvent.click(within(card()).getByRole('button', { name: '+ Plan hochladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan hochladen' });
    await userEvent.setup({ applyAccept: false }).upload(await within(dialog).findByLabelText('Datei'), new File(['png'], 'ansicht-sued.png', { type: 'image/png' }));
    await userEvent.clear(within(dialog).getByLabelText('Titel'));
    await userEvent.type(within(dialog).getByLabelText('Titel'), 'Ansicht Süd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(xhr.last().fields()).toContainEqual(['documentType', 'PNG']);
    files = [plan, drawing];
    await act(async () => xhr.last().respond(201, plan));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plan hochladen' })).toBeNull());
    expect(await within(card()).findByRole('article', { name: 'Ansicht Süd' })).toBeTruthy();
    expect(listCalls(api)).toBe(2);
  });
});

describe('ProjectFilesCard: many files', () => {
  it('shows every file of a project with more than one page of them, asking page by page', async () => {
    const many = Array.from({ length: 230 }, (_, index) => ({ ...drawing, id: 1000 + index, planId: 1000 + index, name: `Plan ${index + 1}` }));
    const { api } = setup({
      'GET /api/s3/project/7': (call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        const [page, limit] = [Number(query.get('page')), Number(query.get('limit'))];
        return json(200, many.slice((page - 1) * limit, page * limit));
      },
    });
    expect(await within(card()).findByRole('article', { name: 'Plan 230' })).toBeTruthy();
    expect(within(card()).getAllByRole('article')).toHaveLength(230);
    expect(api.callsTo('GET', '/api/s3/project/7').map((call) => call.path)).toEqual(['/api/s3/project/7?page=1&limit=200', '/api/s3/project/7?page=2&limit=200']);
  });
});

describe('ProjectFilesCard: a new version arriving live', () => {
  it('reads a list that waits for a preview again once the server has taken the subscription, so a page made in between is not missed', async () => {
    const pending: ProjectFile = { ...drawing, thumbnailUrl: null, pageCount: null, pagesUrl: null, previewPending: true };
    // The first read shows the PDF still being rendered; the render ends before the subscription is taken, so no message tells of it.
    let reads = 0;
    sessionStorage.clear();
    clearSelectedProject();
    selectProject('7');
    const api = stubApi({ 'GET /api/s3/project/7': () => json(200, (reads += 1) === 1 ? [pending] : [drawing]) });
    renderWithLiveChannel();
    const first = await within(card()).findByAltText('PDF-Vorschau: Grundriss EG');
    expect(first.getAttribute('src')).toBe(drawing.thumbnailUrl);
    expect(listCalls(api)).toBe(2);
  });

  it('reads a list without a preview under way once, at the first connection', async () => {
    sessionStorage.clear();
    clearSelectedProject();
    selectProject('7');
    const api = stubApi({ 'GET /api/s3/project/7': () => json(200, [plan, drawing]) });
    renderWithLiveChannel();
    await within(card()).findByRole('article', { name: 'Grundriss EG' });
    // A reread would be asked for in the task that saw the list arrive.
    await act(async () => {});
    expect(listCalls(api)).toBe(1);
  });

  it('updates the tile and offers the new version in the open viewer, which keeps the old one until asked', async () => {
    const second: ProjectFile = { ...drawing, id: 52, url: '/api/s3/download/7/52?expires=1795000000&signature=v2', pagesUrl: '/api/s3/download/7/52/pages?expires=1795000000&signature=v2p', uploadedByName: 'Mara Berger', uploadedAt: '2026-11-27T09:00:00.000Z', version: 2, versionCount: 2 };
    let listed: ProjectFile[] = [drawing];
    sessionStorage.clear();
    clearSelectedProject();
    selectProject('7');
    const api = stubApi({
      'GET /api/s3/project/7': () => json(200, listed),
      'GET /api/s3/project/7/files/34/pins': () => json(200, []),
      'GET /api/s3/project/7/files/52/pins': () => json(200, []),
      'GET /api/s3/project/7/files/52/versions': () => json(200, [second, { ...drawing, versionCount: 2 }]),
    });
    const live = renderWithLiveChannel();
    await userEvent.click(within(await within(card()).findByRole('article', { name: 'Grundriss EG' })).getByRole('button', { name: 'Ansehen: Grundriss EG' }));
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    await userEvent.click(within(viewer).getByRole('button', { name: 'Nächste Seite' }));
    const pageImage = () => within(viewer).getByAltText(/^Grundriss EG, Seite 2 von 3$/).getAttribute('src') ?? '';
    expect(pageImage()).toContain(drawing.pagesUrl!);

    listed = [second];
    act(() => live.deliver('/topic/project/7/files', { fileId: 52, planId: 34, version: 2 }));
    const offer = (await within(viewer).findByText('Neue Version verfügbar')).closest<HTMLElement>('[role="status"]')!;
    expect(offer.textContent).toContain('Version 2, hochgeladen von Mara Berger');
    // The plan shown does not change under the user.
    expect(pageImage()).toContain(drawing.pagesUrl!);
    expect(listCalls(api)).toBe(2);

    await userEvent.click(within(offer).getByRole('button', { name: 'Version 2 öffnen' }));
    await waitFor(() => expect(screen.queryByText('Neue Version verfügbar')).toBeNull());
    const reopened = screen.getByRole('dialog', { name: 'Grundriss EG' });
    expect(within(reopened).getByText('Seite 2 von 3')).toBeTruthy();
    expect(within(reopened).getByAltText(/^Grundriss EG, Seite 2 von 3$/).getAttribute('src')).toContain(second.pagesUrl!);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(tile('Grundriss EG')).getByText('Version 2 · 27.11.2026')).toBeTruthy();
  });
});

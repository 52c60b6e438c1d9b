import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { stubXhr } from '../../test/xhr-stub';
import { ModalHost } from '../../test/modal-host';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { ProjectFilesCard } from './project-files-card';

const first: ProjectFile = {
  id: 34,
  url: '/api/s3/download/7/34?expires=1795000000&signature=a',
  thumbnailUrl: null, previewPending: false,
  pageCount: null,
  pagesUrl: null,
  name: 'Grundriss EG',
  comment: 'Stand Einreichung',
  documentType: 'PDF',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'grundriss.pdf',
  uploadedBy: 'klara',
  uploadedByName: 'Klara Kundin',
  uploadedAt: '2026-03-10T08:30:00.000Z',
  planId: 34,
  version: 1,
  versionCount: 1,
};

const third: ProjectFile = {
  ...first,
  id: 41,
  url: '/api/s3/download/7/41?expires=1795000000&signature=c',
  name: 'Grundriss EG (korrigiert)',
  originalName: 'grundriss-v3.pdf',
  uploadedBy: 'mara',
  uploadedByName: 'Mara Berger',
  uploadedAt: '2026-03-12T09:15:00.000Z',
  planId: 34,
  version: 3,
  versionCount: 3,
};
const second: ProjectFile = { ...first, id: 38, url: '/api/s3/download/7/38?expires=1795000000&signature=b', uploadedAt: '2026-03-11T10:00:00.000Z', version: 2, versionCount: 3 };

function setup(handlers: Parameters<typeof stubApi>[0] = {}) {
  sessionStorage.clear();
  clearSelectedProject();
  selectProject('7');
  sessionStorage.setItem('token', 'abc.def.ghi');
  const api = stubApi({
    'GET /api/s3/project/7': () => json(200, [third]),
    'GET /api/s3/project/7/files/41/versions': () => json(200, [third, second, { ...first, versionCount: 3 }]),
    ...handlers,
  });
  renderWithProviders(
    <ModalHost>
      <ProjectFilesCard projectId="7" />
    </ModalHost>,
    { user: sessionUser('mara', ['ARCHI']) },
  );
  return { api };
}

const card = () => screen.getByRole('region', { name: 'Projektdateien' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a plan with versions', () => {
  it("shows 'Version 3 · 12.03.2026' on the tile of a plan uploaded three times, and nothing of versions for one uploaded once", async () => {
    setup({ 'GET /api/s3/project/7': () => json(200, [third, { ...first, id: 50, name: 'Schnitt A-A' }]) });
    const tile = await within(card()).findByRole('article', { name: 'Grundriss EG (korrigiert)' });
    expect(within(tile).getByText('Version 3 · 12.03.2026')).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' })).toBeTruthy();
    const single = within(card()).getByRole('article', { name: 'Schnitt A-A' });
    expect(within(single).queryByText(/^Version/)).toBeNull();
    expect(within(single).queryByRole('button', { name: /^Versionen/ })).toBeNull();
    expect(within(single).getByRole('button', { name: 'Neue Version hochladen: Schnitt A-A' })).toBeTruthy();
  });

  it("lists the versions newest first in 'Versionen', each with its date, uploader and download, the newest marked 'aktuell'", async () => {
    setup();
    await userEvent.click(await within(card()).findByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versionen von „Grundriss EG (korrigiert)“' });
    const list = await within(dialog).findByRole('list', { name: 'Versionen' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual(['Version 3aktuell', 'Version 2', 'Version 1']);
    expect(within(entries[0]!).getByText(/12\.03\.2026, 10:15 · Mara Berger/)).toBeTruthy();
    expect(within(entries[2]!).getByText(/10\.03\.2026, 09:30 · Klara Kundin/)).toBeTruthy();
    const oldest = within(entries[2]!).getByRole('link', { name: 'Download: Grundriss EG, Version 1' });
    expect(oldest.getAttribute('href')).toBe(first.url);
    expect(oldest.getAttribute('download')).toBe('grundriss.pdf');
  });

  it("says so when the versions cannot be loaded", async () => {
    setup({ 'GET /api/s3/project/7/files/41/versions': () => json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' }) });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Die Versionen konnten nicht geladen werden.');
  });

  it("uploads a new version through the upload modal, the title taken from the current one, the comment empty, with replaces", async () => {
    let files = [first];
    const { api } = setup({ 'GET /api/s3/project/7': () => json(200, files) });
    const xhr = stubXhr();
    await userEvent.click(await within(card()).findByRole('button', { name: 'Neue Version hochladen: Grundriss EG' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Version hochladen' });
    expect(((await within(dialog).findByLabelText('Titel')) as HTMLInputElement).value).toBe('Grundriss EG');
    expect((within(dialog).getByLabelText('Kommentar (optional)') as HTMLTextAreaElement).value).toBe('');
    await userEvent.setup({ applyAccept: false }).upload(await within(dialog).findByLabelText('Datei'), new File(['%PDF-1.4'], 'grundriss-v2.pdf', { type: 'application/pdf' }));
    // A title to start from stays: the new file's name does not replace it.
    expect((within(dialog).getByLabelText('Titel') as HTMLInputElement).value).toBe('Grundriss EG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(xhr.last().fields()).toContainEqual(['replaces', '34']);
    expect(xhr.last().fields()).toContainEqual(['fileName', 'Grundriss EG']);
    files = [{ ...second, versionCount: 2 }];
    await act(async () => xhr.last().respond(201, files[0]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neue Version hochladen' })).toBeNull());
    expect(await within(card()).findByText('Version 2 · 11.03.2026')).toBeTruthy();
    expect(api.callsTo('GET', '/api/s3/project/7')).toHaveLength(2);
  });

  it('asks before deleting a plan that all its versions go, then deletes it by the current version', async () => {
    const { api } = setup({ 'POST /api/s3/deleteFile': () => noContent() });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Löschen: Grundriss EG (korrigiert)' }));
    const question = screen.getByRole('alertdialog', { name: 'Plan „Grundriss EG (korrigiert)“ mit allen 3 Versionen löschen?' });
    expect(within(question).getByText('Alle Versionen dieses Plans werden mit ihren Dateien endgültig gelöscht.')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(within(card()).queryByRole('article')).toBeNull());
    expect(api.callsTo('POST', '/api/s3/deleteFile')[0]?.body).toMatchObject({ projectId: 7, s3Key: 'Projekt/7/41?expires=1795000000&signature=c' });
  });

  it("opens an earlier version in the viewer, labelled as such, with its own pins and no way to place one", async () => {
    const paged = (file: ProjectFile): ProjectFile => ({ ...file, versionCount: 3, pageCount: 1, pagesUrl: `/api/s3/download/7/${file.id}/pages/1?expires=1795000000&signature=p` });
    const { api } = setup({
      'GET /api/s3/project/7/files/41/versions': () => json(200, [paged(third), paged(second), paged(first)]),
      'GET /api/s3/project/7/files/34/pins': () =>
        json(200, [{ id: 5, fileId: 34, page: 1, x: 0.3, y: 0.4, number: 1, comment: 'Riss in Fassung 1', photoFileId: null, author: { username: 'mara', firstName: 'Mara', lastName: 'Berger' }, authorName: 'Mara Berger', createdAt: '2026-03-10T09:00:00.000Z', updatedAt: '2026-03-10T09:00:00.000Z', version: 1, status: 'OFFEN', kind: 'MANGEL', responsible: null, dueDate: null, statusHistory: [], replies: [] }]),
    });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' }));
    const versions = await screen.findByRole('dialog', { name: 'Versionen von „Grundriss EG (korrigiert)“' });
    await userEvent.click(await within(versions).findByRole('button', { name: 'Version 1 im Viewer öffnen' }));
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG' });
    expect(within(viewer).getByText('Version 1 von 3 – ältere Fassung.')).toBeTruthy();
    expect(await within(viewer).findByText('Riss in Fassung 1')).toBeTruthy();
    // The pin is Mara's own, yet on a superseded version nothing is placed, moved or deleted.
    expect(within(viewer).queryByRole('button', { name: 'Markierung setzen' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(api.callsTo('GET', '/api/s3/project/7/files/41/pins')).toHaveLength(0);
    expect(viewer.querySelector('img')?.getAttribute('src')).toContain('/api/s3/download/7/34/pages/1');
    // Closing it leads back to the list of versions.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grundriss EG' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Versionen von „Grundriss EG (korrigiert)“' })).toBeTruthy();
  });

  it("opens the current version from the list as the plan itself: pins may be placed there", async () => {
    setup({
      'GET /api/s3/project/7/files/41/versions': () => json(200, [{ ...third, pageCount: 1, pagesUrl: '/api/s3/download/7/41/pages/1?expires=1795000000&signature=p' }, second, { ...first, versionCount: 3 }]),
      'GET /api/s3/project/7/files/41/pins': () => json(200, []),
      'GET /api/s3/project/7/files/38/pins': () => json(200, []),
    });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Version 3 im Viewer öffnen' }));
    const viewer = await screen.findByRole('dialog', { name: 'Grundriss EG (korrigiert)' });
    expect(await within(viewer).findByRole('button', { name: 'Markierung setzen' })).toBeTruthy();
    expect(within(viewer).queryByText(/ältere Fassung/)).toBeNull();
  });

  it("offers 'Versionen vergleichen' in the list, opening on the current version and the one before", async () => {
    const paged = (file: ProjectFile): ProjectFile => ({ ...file, versionCount: 3, pageCount: 1, pagesUrl: `/api/s3/download/7/${file.id}/pages/1?sig` });
    setup({ 'GET /api/s3/project/7/files/41/versions': () => json(200, [paged(third), paged(second), paged(first)]) });
    await userEvent.click(await within(card()).findByRole('button', { name: 'Versionen: Grundriss EG (korrigiert)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Versionen vergleichen' }));
    const compare = await screen.findByRole('dialog', { name: 'Versionen vergleichen: „Grundriss EG (korrigiert)“' });
    expect(within(compare).getByRole('img', { name: 'Version 2, Seite 1' }).getAttribute('src')).toContain('/7/38/pages/');
    expect(within(compare).getByRole('img', { name: 'Version 3, Seite 1' }).getAttribute('src')).toContain('/7/41/pages/');
  });
});

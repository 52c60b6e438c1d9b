import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { DialogContent, DialogTitle } from '../../components/ui/dialog';
import { renderWithProviders, sessionUser } from '../../test/render';
import { GuardedDialog } from '../../platform/unsaved-changes/guarded-dialog';
import { stubXhr } from '../../test/xhr-stub';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { fileKeys } from '../../lib/query-keys';
import { UploadModal, uploadCloseDelayMs } from './upload-modal';

const stored: ProjectFile = {
  id: 34, url: '/api/s3/download/7/34?expires=1&signature=x', thumbnailUrl: null, previewPending: false, pageCount: null, pagesUrl: null, name: 'Grundriss EG', comment: '', documentType: 'PDF',
  contentType: 'application/pdf', size: 2048, originalName: 'Grundriss EG.pdf', uploadedBy: 'klara', uploadedByName: 'Klara Kundin',
  uploadedAt: '2026-11-22T13:05:00.000Z', planId: 34, version: 1, versionCount: 1,
};

const pdf = (name = 'Grundriss EG.pdf') => new File(['%PDF-1.4 %%EOF'], name, { type: 'application/pdf' });

const user = () => userEvent.setup({ applyAccept: false });

function setup({ projectId = '7' }: { projectId?: string | null } = {}) {
  sessionStorage.clear();
  clearSelectedProject();
  if (projectId) selectProject(projectId);
  sessionStorage.setItem('token', 'abc.def.ghi');
  const xhr = stubXhr();
  const close = vi.fn();
  // In the dialog the modal host gives it: Abbrechen closes through the dialog's guard.
  const rendered = renderWithProviders(
    <GuardedDialog open onClose={close}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Plan hochladen</DialogTitle>
        <UploadModal close={close} props={{}} />
      </DialogContent>
    </GuardedDialog>,
    { user: sessionUser('klara', ['CLIENT']) },
  );
  const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
  return { xhr, close, invalidate, ...rendered };
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('Datei');
const dropZone = () => screen.getByRole('button', { name: /Datei hierher ziehen oder klicken, um sie auszuwählen/ });
const titleField = () => screen.getByLabelText('Titel');
const submit = () => screen.getByRole('button', { name: /^Hochladen/ });
const cancel = () => screen.getByRole('button', { name: 'Abbrechen' });
const drop = (files: File[]) => fireEvent.drop(dropZone(), { dataTransfer: { files, types: ['Files'] } });

async function choosePdfAndSubmit(comment = '') {
  await user().upload(fileInput(), pdf());
  if (comment) await user().type(screen.getByLabelText('Kommentar (optional)'), comment);
  await user().click(submit());
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('UploadModal: choosing the file', () => {
  it("shows the hint, the chosen file's name and size, and starts the title from the file name", async () => {
    setup();
    expect(dropZone().textContent).toContain('JPG, PNG, PDF');
    expect(fileInput().accept).toBe('.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf');
    expect(fileInput().multiple).toBe(false);
    await user().upload(fileInput(), new File([new Uint8Array(1536)], 'Grundriss EG.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Ausgewählt: Grundriss EG.pdf (1,5 KB)')).toBeTruthy();
    expect((titleField() as HTMLInputElement).value).toBe('Grundriss EG');
  });

  it('keeps a title the user typed when a file is chosen', async () => {
    setup();
    await user().type(titleField(), 'Schnitt A-A');
    await user().upload(fileInput(), pdf());
    expect((titleField() as HTMLInputElement).value).toBe('Schnitt A-A');
  });

  it('opens the file picker by click, Enter and Space', async () => {
    setup();
    const pick = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    await user().click(dropZone());
    expect(pick).toHaveBeenCalledTimes(1);
    dropZone().focus();
    await user().keyboard('{Enter}');
    expect(pick).toHaveBeenCalledTimes(2);
    await user().keyboard(' ');
    expect(pick).toHaveBeenCalledTimes(3);
  });

  it('takes a dropped file', async () => {
    setup();
    drop([new File(['x'], 'Ansicht.PNG', { type: 'image/png' })]);
    expect(await screen.findByText('Ausgewählt: Ansicht.PNG (1 Bytes)')).toBeTruthy();
  });

  it("says 'Bitte wählen Sie eine Datei.' for an empty drop and refuses several files at once", async () => {
    setup();
    drop([]);
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte wählen Sie eine Datei.');
    drop([pdf('a.pdf'), pdf('b.pdf')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte wählen Sie nur eine Datei.');
    expect(screen.queryByText(/^Ausgewählt:/)).toBeNull();
  });

  it('refuses a wrong extension, case-insensitively allowing the four types, and forgets the refused file', async () => {
    setup();
    await user().upload(fileInput(), pdf());
    drop([new File(['x'], 'plan.docx')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.');
    expect(screen.queryByText(/^Ausgewählt:/)).toBeNull();
    expect(dropZone().getAttribute('aria-describedby')).toContain('-error');
    drop([new File(['x'], 'foto.JpEg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Ausgewählt: foto.JpEg (1 Bytes)')).toBeTruthy();
  });
});

describe('UploadModal: a file of the wrong type', () => {
  const badExtension = 'Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.';
  const text = () => new File(['Notizen'], 'notizen.txt', { type: 'text/plain' });

  /** As the modal host does: closing and opening again gives a fresh form, under the toasts still shown. */
  function Reopening() {
    const [round, setRound] = useState(0);
    const reopen = () => setRound((current) => current + 1);
    return (
      <GuardedDialog open onClose={reopen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Plan hochladen</DialogTitle>
          <UploadModal key={round} close={reopen} props={{}} />
        </DialogContent>
      </GuardedDialog>
    );
  }

  function setupReopening() {
    sessionStorage.clear();
    clearSelectedProject();
    selectProject('7');
    sessionStorage.setItem('token', 'abc.def.ghi');
    const xhr = stubXhr();
    renderWithProviders(<Reopening />, { user: sessionUser('klara', ['CLIENT']) });
    return { xhr };
  }

  const alertTexts = async () => (await screen.findAllByRole('alert')).map((alert) => alert.textContent);

  it("says once which types are taken, also on submit, and takes back the last upload's success", async () => {
    const { xhr } = setupReopening();
    await choosePdfAndSubmit();
    await act(async () => xhr.last().respond(201, stored));
    // Closed and opened again: the success stays a moment as a toast.
    await waitFor(() => expect((titleField() as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('Die Datei wurde hochgeladen.')).toBeTruthy();

    await user().upload(fileInput(), text());
    expect(await alertTexts()).toEqual([badExtension]);
    expect(screen.queryByText('Die Datei wurde hochgeladen.')).toBeNull();

    await user().type(titleField(), 'Notizen');
    await user().click(submit());
    // The submit's check is done once it puts the focus on the file.
    await waitFor(() => expect(document.activeElement).toBe(dropZone()));
    expect(await alertTexts()).toEqual([badExtension]);
    expect(xhr.requests).toHaveLength(1);
  });

  it('names the wrong type beside the missing title, without the sentence for an empty form', async () => {
    const { xhr } = setupReopening();
    await user().upload(fileInput(), text());
    await user().click(submit());
    await waitFor(() => expect(document.activeElement).toBe(dropZone()));
    expect(await alertTexts()).toEqual([badExtension, 'Bitte geben Sie einen Titel ein.']);
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('UploadModal: the next file after a refused one', () => {
  const badType = 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.';
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'Baustelle Juni.jpg', { type: 'image/jpeg' });
  const fake = () => new File(['Nur Text'], 'fake.pdf', { type: 'application/pdf' });

  async function refuseFake(xhr: ReturnType<typeof setup>['xhr']) {
    await user().click(submit());
    await act(async () => xhr.last().respond(415, { message: badType, code: 'UNSUPPORTED_MEDIA_TYPE' }));
    expect((await screen.findByRole('alert')).textContent).toBe(badType);
  }

  it("takes the title from the new file's name and drops the refusal", async () => {
    const { xhr } = setup();
    await user().upload(fileInput(), fake());
    expect((titleField() as HTMLInputElement).value).toBe('fake');
    await refuseFake(xhr);
    await user().upload(fileInput(), photo());
    expect((titleField() as HTMLInputElement).value).toBe('Baustelle Juni');
    expect(screen.queryByRole('alert')).toBeNull();
    await user().click(submit());
    expect(xhr.last().fields()).toContainEqual(['fileName', 'Baustelle Juni']);
    expect(xhr.last().fields()).toContainEqual(['file', 'file:Baustelle Juni.jpg']);
  });

  it('keeps a title the person typed, and the comment', async () => {
    const { xhr } = setup();
    await user().upload(fileInput(), fake());
    await user().clear(titleField());
    await user().type(titleField(), 'Fassade Nord');
    await user().type(screen.getByLabelText('Kommentar (optional)'), 'Vom Nachbarn aus');
    await refuseFake(xhr);
    await user().upload(fileInput(), photo());
    expect((titleField() as HTMLInputElement).value).toBe('Fassade Nord');
    expect((screen.getByLabelText('Kommentar (optional)') as HTMLTextAreaElement).value).toBe('Vom Nachbarn aus');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of a file name beside the file and keeps what was typed", async () => {
    const { xhr } = setup();
    const message = 'Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.';
    await user().upload(fileInput(), pdf());
    await user().clear(titleField());
    await user().type(titleField(), 'Schnitt B-B');
    await user().type(screen.getByLabelText('Kommentar (optional)'), 'Entwurf');
    await user().click(submit());
    await act(async () => xhr.last().respond(400, { message, code: 'VALIDATION_FAILED', issues: [{ path: 'body/file', message }] }));
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([message, 'Upload fehlgeschlagen.']);
    expect((titleField() as HTMLInputElement).value).toBe('Schnitt B-B');
    expect((screen.getByLabelText('Kommentar (optional)') as HTMLTextAreaElement).value).toBe('Entwurf');
  });

  it('refuses a file name with a bidi override before sending', async () => {
    const { xhr } = setup();
    await user().upload(fileInput(), new File(['x'], 'Rechnung\u202Efdp.exe.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.');
    expect(screen.queryByText(/^Ausgewählt:/)).toBeNull();
    await user().click(submit());
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('UploadModal: submitting', () => {
  it('without a file and title says the spec sentence, marks both fields and sends nothing', async () => {
    const { xhr } = setup();
    await user().click(submit());
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Bitte wählen Sie eine Datei.',
      'Bitte geben Sie einen Titel ein.',
      'Bitte wählen Sie eine gültige Datei, geben Sie einen Namen ein und stellen Sie sicher, dass ein Projekt vorhanden ist.',
    ]);
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    expect(xhr.requests).toHaveLength(0);
  });

  it('with a blank title says the spec sentence', async () => {
    const { xhr } = setup();
    await user().upload(fileInput(), pdf());
    await user().clear(titleField());
    await user().type(titleField(), '   ');
    await user().click(submit());
    expect(await screen.findByText('Bitte wählen Sie eine gültige Datei, geben Sie einen Namen ein und stellen Sie sicher, dass ein Projekt vorhanden ist.')).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });

  it('without a project in the session says the spec sentence and sends nothing', async () => {
    const { xhr } = setup({ projectId: null });
    await choosePdfAndSubmit();
    expect(await screen.findByText('Bitte wählen Sie eine gültige Datei, geben Sie einen Namen ein und stellen Sie sicher, dass ein Projekt vorhanden ist.')).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });

  it('sends the project of the session, the title, the comment and the type, the file last', async () => {
    const { xhr } = setup();
    await choosePdfAndSubmit('Stand November');
    expect(xhr.last().url).toBe('/api/s3/upload?projectId=7');
    expect(xhr.last().fields()).toEqual([
      ['projectId', '7'],
      ['fileName', 'Grundriss EG'],
      ['comment', 'Stand November'],
      ['documentType', 'PDF'],
      ['file', 'file:Grundriss EG.pdf'],
    ]);
  });

  it("shows the progress as an accessible bar with '42 %', busy buttons, and 100 % when done", async () => {
    const { xhr } = setup();
    await choosePdfAndSubmit();
    const bar = screen.getByRole('progressbar', { name: 'Upload-Fortschritt' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
    expect(submit().textContent).toBe('Hochladen...');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(titleField().closest('fieldset')?.disabled).toBe(true);
    expect((dropZone() as HTMLButtonElement).disabled).toBe(true);
    expect((cancel() as HTMLButtonElement).disabled).toBe(false);

    act(() => xhr.last().progress(21, 50));
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuetext')).toBe('42 %');
    expect(screen.getByText('42 %')).toBeTruthy();
    expect(screen.getByText('Upload: 40 %').getAttribute('aria-live')).toBe('polite');

    act(() => xhr.last().progress(50, 50));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('complete');
  });

  it('cancels a running upload with Abbrechen: the transfer stops, the modal stays open with a note', async () => {
    const { xhr, close } = setup();
    await choosePdfAndSubmit();
    act(() => xhr.last().progress(10, 50));
    await user().click(cancel());
    expect(xhr.last().aborted).toBe(true);
    expect((await screen.findByRole('status')).textContent).toBe('Der Upload wurde abgebrochen. Die Datei wurde nicht gespeichert.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(close).not.toHaveBeenCalled();
    expect(submit().textContent).toBe('Hochladen');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    // Abbrechen now closes the modal, after asking: the chosen file and its title would be lost.
    await user().click(cancel());
    await user().click(within(await screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).getByRole('button', { name: 'Verwerfen' }));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('closes 300 ms after success and reloads the file list, with the buttons disabled meanwhile', async () => {
    const { xhr, close, invalidate } = setup();
    await choosePdfAndSubmit();
    vi.useFakeTimers();
    await act(async () => xhr.last().respond(201, stored));
    expect(screen.getByRole('status').textContent).toBe('Die Datei wurde hochgeladen.');
    expect((cancel() as HTMLButtonElement).disabled).toBe(true);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(uploadCloseDelayMs - 1));
    expect(close).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(close).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: fileKeys.list('7') });
  });

  it("shows the server's refusal of the type and stays open for another try", async () => {
    const { xhr, close } = setup();
    await choosePdfAndSubmit();
    await act(async () => xhr.last().respond(415, { message: 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.', code: 'UNSUPPORTED_MEDIA_TYPE' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.');
    expect(close).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it("names the server's size limit, and says 'Upload fehlgeschlagen.' when the answer gives no reason", async () => {
    const { xhr } = setup();
    await choosePdfAndSubmit();
    await act(async () => xhr.last().respond(413, { message: 'Die Datei ist zu groß. Erlaubt sind höchstens 100 MB.', code: 'PAYLOAD_TOO_LARGE' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 100 MB.');
    await user().click(submit());
    await act(async () => xhr.last().respond(502, '<html>Bad Gateway</html>'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload fehlgeschlagen.'));
  });

  it('places field issues beside the fields and says the upload failed', async () => {
    const { xhr } = setup();
    await choosePdfAndSubmit();
    await act(async () =>
      xhr.last().respond(400, {
        message: 'Die Eingaben sind ungültig.',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'body/fileName', message: 'Der Titel darf keine Steuerzeichen enthalten.' }],
      }),
    );
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual(['Der Titel darf keine Steuerzeichen enthalten.', 'Upload fehlgeschlagen.']);
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Ein Fehler ist aufgetreten.' when no answer comes", async () => {
    const { xhr } = setup();
    await choosePdfAndSubmit();
    await act(async () => xhr.last().fail());
    expect((await screen.findByRole('alert')).textContent).toBe('Ein Fehler ist aufgetreten.');
  });

  it('cancels a running transfer when the modal goes away', async () => {
    const { xhr, unmount } = setup();
    await choosePdfAndSubmit();
    unmount();
    expect(xhr.last().aborted).toBe(true);
  });
});

describe('UploadModal: closing with something entered', () => {
  const question = () => screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });

  it('closes at once with nothing entered', async () => {
    const { close } = setup();
    await user().click(cancel());
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks before Abbrechen throws a typed title and comment away; 'Weiter bearbeiten' keeps them", async () => {
    const { close } = setup();
    await user().type(titleField(), 'Schnitt A');
    await user().type(screen.getByLabelText('Kommentar (optional)'), 'bitte prüfen');
    await user().click(cancel());
    await user().click(within(await question()).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Titel').value).toBe('Schnitt A');

    await user().keyboard('{Escape}');
    await user().click(within(await question()).getByRole('button', { name: 'Verwerfen' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});

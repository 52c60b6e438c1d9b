import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import type { ModalProps } from '../../platform/modals/modal-types';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { ExportModal } from './export-modal';
import { objectUrlLifetimeMs } from '../../lib/save-file';

const pdfBytes = '%PDF-1.7 Bauakte';

function fileAnswer(body: string, headers: Record<string, string>): Response {
  return new Response(body, { status: 200, headers });
}

const pdfAnswer = () =>
  fileAnswer(pdfBytes, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="projekt_7.pdf"; filename*=UTF-8''projekt_7.pdf` });

interface SavedFile {
  name: string;
  href: string;
  text: string;
}

/** Catches what the browser would save: the object URL's blob and the link's download name. */
function catchSavedFiles() {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let count = 0;
  const revoke = vi.fn();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    count += 1;
    const url = `blob:test/${count}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(revoke);
  const clicks: Promise<void>[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const href = this.getAttribute('href') ?? '';
    const name = this.download;
    clicks.push((blobs.get(href) ?? new Blob()).text().then((text) => void saved.push({ name, href, text })));
  });
  return { saved, revoke, settled: () => Promise.all(clicks) };
}

function setup({ storedProjectId = '7', props = {} }: { storedProjectId?: string | null; props?: ModalProps } = {}) {
  sessionStorage.clear();
  clearSelectedProject();
  if (storedProjectId) selectProject(storedProjectId);
  sessionStorage.setItem('token', 'abc.def.ghi');
  const close = vi.fn();
  renderWithProviders(<ExportModal close={close} props={props} />, { user: sessionUser('mara', ['ARCHI']) });
  return { close };
}

const user = () => userEvent.setup();
const radio = (group: string, choice: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice });
const emailField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'E-Mail-Adresse' });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Export/ });

async function chooseEmail(address: string, format: 'PDF' | 'JSON' = 'PDF') {
  await user().click(radio('Dateityp', format));
  await user().click(radio('Zustellung', 'E-Mail'));
  await user().type(emailField(), address);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ExportModal: choices', () => {
  it('starts with PDF and Download in two labelled radio groups, without an e-mail field', () => {
    setup();
    expect((radio('Dateityp', 'PDF') as HTMLInputElement).checked).toBe(true);
    expect((radio('Dateityp', 'JSON') as HTMLInputElement).checked).toBe(false);
    expect((radio('Zustellung', 'Download') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'E-Mail-Adresse' })).toBeNull();
    expect(submit().textContent).toBe('Exportieren');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('shows the required e-mail field only for E-Mail, and keeps the typed address when switching back and forth', async () => {
    setup();
    await user().click(radio('Zustellung', 'E-Mail'));
    const field = emailField();
    expect(field.type).toBe('email');
    expect(field.required).toBe(true);
    expect(field.getAttribute('aria-describedby')).toContain('-hint');
    await user().type(field, 'berater@example.at');
    await user().click(radio('Zustellung', 'Download'));
    expect(screen.queryByRole('textbox', { name: 'E-Mail-Adresse' })).toBeNull();
    await user().click(radio('Zustellung', 'E-Mail'));
    expect(emailField().value).toBe('berater@example.at');
  });

  it('closes with Abbrechen', async () => {
    const { close } = setup();
    await user().click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('says so and exports nothing without a project', async () => {
    const api = stubApi({});
    setup({ storedProjectId: null });
    expect(screen.getByRole('alert').textContent).toBe('Es ist kein Projekt ausgewählt. Bitte öffnen Sie zuerst ein Projekt.');
    expect(submit().disabled).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});

describe('ExportModal: download', () => {
  it('fetches the PDF with the Bearer token, saves it as projekt_{id}.pdf and closes', async () => {
    const api = stubApi({ 'GET /api/export/pdf/7': pdfAnswer });
    const files = catchSavedFiles();
    const { close } = setup();
    // Time flows (the test waits on it), but 40 s pass only when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await act(async () => submit().click());
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    await files.settled();
    expect(api.calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/export/pdf/7', authorization: 'Bearer abc.def.ghi' })]);
    expect(files.saved).toEqual([{ name: 'projekt_7.pdf', href: 'blob:test/1', text: pdfBytes }]);
    // The link is gone at once; its URL is revoked once the browser surely has read it.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(files.revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(objectUrlLifetimeMs);
    expect(files.revoke).toHaveBeenCalledWith('blob:test/1');
  });

  it("saves JSON as projekt_{id}.json when the answer names no file", async () => {
    const api = stubApi({ 'GET /api/export/json/7': () => fileAnswer('{"schemaVersion":1}', { 'content-type': 'application/json' }) });
    const files = catchSavedFiles();
    const { close } = setup();
    await user().click(radio('Dateityp', 'JSON'));
    await user().click(submit());
    await waitFor(() => expect(close).toHaveBeenCalled());
    await files.settled();
    expect(api.callsTo('GET', '/api/export/json/7')).toHaveLength(1);
    expect(files.saved).toEqual([expect.objectContaining({ name: 'projekt_7.json', text: '{"schemaVersion":1}' })]);
  });

  it('exports the project the opener names, rather than an older stored one', async () => {
    const api = stubApi({ 'GET /api/export/pdf/12': () => fileAnswer(pdfBytes, { 'content-type': 'application/pdf' }) });
    const files = catchSavedFiles();
    const { close } = setup({ storedProjectId: '7', props: { projectId: 12 } });
    await user().click(submit());
    await waitFor(() => expect(close).toHaveBeenCalled());
    await files.settled();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/export/pdf/12']);
    expect(files.saved[0]?.name).toBe('projekt_12.pdf');
  });

  it("says 'Export fehlgeschlagen' with the server's reason, keeps the choices and stays open", async () => {
    stubApi({ 'GET /api/export/json/7': () => json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' }) });
    const files = catchSavedFiles();
    const { close } = setup();
    await user().click(radio('Dateityp', 'JSON'));
    await user().click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Export fehlgeschlagenNicht gefunden.');
    expect(within(alert).getByText('Export fehlgeschlagen')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
    expect(files.saved).toEqual([]);
    expect((radio('Dateityp', 'JSON') as HTMLInputElement).checked).toBe(true);
    expect(submit().disabled).toBe(false);
    expect(submit().getAttribute('aria-describedby')).toBe(alert.parentElement?.id);
  });

  it("says only 'Export fehlgeschlagen' when the answer gives no reason, and names a missing connection", async () => {
    let fail: 'server' | 'network' = 'server';
    stubApi({
      'GET /api/export/pdf/7': () => {
        if (fail === 'network') throw new TypeError('Failed to fetch');
        return new Response('<html>Bad Gateway</html>', { status: 502 });
      },
    });
    setup();
    await user().click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Export fehlgeschlagen');
    fail = 'network';
    await user().click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Export fehlgeschlagenDer Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
      ),
    );
  });

  it('is busy while the file is made: button disabled with a spinner and its text, choices disabled; leaving stops the download', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('Abgebrochen', 'AbortError')));
          }),
      ),
    );
    const files = catchSavedFiles();
    const { close } = setup();
    await user().click(submit());
    const busy = submit();
    expect(busy.textContent).toBe('Export wird erstellt …');
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.querySelector('svg.animate-spin')).not.toBeNull();
    expect((radio('Dateityp', 'JSON') as HTMLInputElement).disabled).toBe(true);
    expect((radio('Zustellung', 'E-Mail') as HTMLInputElement).disabled).toBe(true);
    // A download may be abandoned.
    const cancel = screen.getByRole<HTMLButtonElement>('button', { name: 'Abbrechen' });
    expect(cancel.disabled).toBe(false);
    await user().click(cancel);
    expect(close).toHaveBeenCalledTimes(1);
    cleanup();
    expect(signal?.aborted).toBe(true);
    expect(files.saved).toEqual([]);
  });
});

describe('ExportModal: e-mail', () => {
  it('posts {email, projectId} to send-json and names the address the export went to, keeping the modal open', async () => {
    const api = stubApi({
      'POST /api/email/send-json': () => json(200, { message: 'Der Export wurde an berater@example.at gesendet.', email: 'berater@example.at' }),
    });
    const { close } = setup();
    await chooseEmail('  berater@example.at ', 'JSON');
    await user().click(submit());
    expect((await screen.findByRole('status')).textContent).toBe('Der Export wurde an berater@example.at gesendet.');
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/email/send-json', body: { email: 'berater@example.at', projectId: 7 }, authorization: 'Bearer abc.def.ghi' }),
    ]);
    expect(close).not.toHaveBeenCalled();
    const closeButton = screen.getByRole('button', { name: 'Schließen' });
    await user().click(closeButton);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('posts to send-pdf for a PDF', async () => {
    const api = stubApi({ 'POST /api/email/send-pdf': () => json(200, { message: 'ok', email: 'b@example.at' }) });
    setup();
    await chooseEmail('b@example.at', 'PDF');
    await user().click(submit());
    expect((await screen.findByRole('status')).textContent).toBe('Der Export wurde an b@example.at gesendet.');
    expect(api.callsTo('POST', '/api/email/send-pdf')).toHaveLength(1);
  });

  it('asks for an address before sending, beside the field, and sends nothing', async () => {
    const api = stubApi({});
    setup();
    await user().click(radio('Zustellung', 'E-Mail'));
    await user().type(emailField(), '   ');
    await user().click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie eine E-Mail-Adresse ein.');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emailField());
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's verdict on the address under the field only, linked to it, and keeps what was typed", async () => {
    stubApi({
      'POST /api/email/send-pdf': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Die Eingaben sind ungültig.',
          issues: [{ path: 'body/email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
        }),
    });
    setup();
    await chooseEmail('berater@beispiel');
    await user().click(submit());
    const message = await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // Nothing was exported, so nothing 'failed': the address is the one thing to correct.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Bitte geben Sie eine gültige E-Mail-Adresse ein.']);
    expect(screen.queryByText('Export fehlgeschlagen')).toBeNull();
    expect(submit().getAttribute('aria-describedby')).toBeNull();
    expect(emailField().value).toBe('berater@beispiel');
    await waitFor(() => expect(document.activeElement).toBe(emailField()));
    // Correcting the address takes the old verdict away.
    await user().type(emailField(), '.at');
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeNull();
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    [502, 'MAIL_FAILED', 'Die E-Mail mit dem Export konnte nicht versendet werden. Bitte versuchen Sie es später erneut.'],
    [503, 'EXPORT_BUSY', 'Gerade werden zu viele Exporte erstellt. Bitte versuchen Sie es in Kürze erneut.'],
    [503, 'EXPORT_ABORTED', 'Der PDF-Export wurde abgebrochen, weil er zu lange gedauert oder zu viel Speicher gebraucht hat. Bitte versuchen Sie es später erneut oder exportieren Sie das Projekt als JSON.'],
  ])("says 'Export fehlgeschlagen' with the server's message on %i", async (status, code, message) => {
    stubApi({ 'POST /api/email/send-json': () => json(status, { code, message }) });
    const { close } = setup();
    await chooseEmail('berater@example.at', 'JSON');
    await user().click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(`Export fehlgeschlagen${message}`);
    expect(screen.queryByRole('status')).toBeNull();
    expect(close).not.toHaveBeenCalled();
    expect(emailField().value).toBe('berater@example.at');
    expect((radio('Dateityp', 'JSON') as HTMLInputElement).checked).toBe(true);
  });

  it('names the hourly limit and when another try may succeed on 429', async () => {
    stubApi({
      'POST /api/email/send-pdf': () =>
        new Response(
          JSON.stringify({
            code: 'TOO_MANY_ATTEMPTS',
            message: 'Sie können höchstens 20 Exporte pro Stunde per E-Mail versenden. Bitte versuchen Sie es später erneut.',
          }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1260' } },
        ),
    });
    setup();
    await chooseEmail('berater@example.at');
    await user().click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export fehlgeschlagenSie können höchstens 20 Exporte pro Stunde per E-Mail versenden. Bitte versuchen Sie es später erneut. Ein neuer Versuch ist in etwa 21 Minuten möglich.',
    );
  });

  it('disables the button, the choices, the address and Abbrechen while the mail is sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'POST /api/email/send-pdf': () => new Promise<Response>((resolve) => (answer = resolve)) });
    setup();
    await chooseEmail('berater@example.at');
    await user().click(submit());
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Export wird erstellt …');
    expect(emailField().disabled).toBe(true);
    expect((radio('Dateityp', 'JSON') as HTMLInputElement).disabled).toBe(true);
    // A mail once asked for cannot be recalled: the answer says whether it went.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Abbrechen' }).disabled).toBe(true);
    await act(async () => answer(json(200, { message: 'ok', email: 'berater@example.at' })));
    expect((await screen.findByRole('status')).textContent).toBe('Der Export wurde an berater@example.at gesendet.');
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Exportieren');
    expect(emailField().disabled).toBe(false);
  });
});

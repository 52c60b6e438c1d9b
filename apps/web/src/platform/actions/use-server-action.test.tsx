import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FeedbackProvider } from '../feedback/feedback-provider';
import { ApiError, NetworkError } from '../../lib/api';
import type { ErrorContext } from '../../lib/api-errors';
import { useServerAction, type ServerActionOptions } from './use-server-action';

const context: ErrorContext = { failed: 'Die Datei konnte nicht gelöscht werden.', network: 'Keine Verbindung zum Server.', reason: 'after' };
const files = ['Plan.pdf', 'Foto.jpg'];

type Options = Partial<ServerActionOptions<string, void>>;

function FileList({ options, deleteFile }: { options: Options; deleteFile(name: string): Promise<void> }) {
  const deletion = useServerAction<string, void>({
    confirm: (name) => ({ title: `„${name}“ wirklich löschen?`, confirmLabel: 'Löschen', destructive: true }),
    action: deleteFile,
    itemOf: (name) => name,
    invalidates: [['files']],
    status: (_, name) => `„${name}“ wurde gelöscht.`,
    errors: context,
    ...options,
  });
  return (
    <div>
      <ul>
        {files.map((name) => (
          <li key={name}>
            <button type="button" aria-busy={deletion.isBusy(name) || undefined} onClick={() => void deletion.run(name)}>
              {`${name} löschen`}
            </button>
          </li>
        ))}
      </ul>
      {deletion.error ? <p role="alert">{deletion.error}</p> : null}
      {deletion.status ? <p role="status">{deletion.status}</p> : null}
    </div>
  );
}

/** A card that can be closed while its action runs, as a modal is. */
function ClosableList(props: { options: Options; deleteFile(name: string): Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(false)}>
        Schließen
      </button>
      {open ? <FileList {...props} /> : null}
    </>
  );
}

function setup(deleteFile: (name: string) => Promise<void>, options: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <ClosableList options={options} deleteFile={deleteFile} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

const deleteButton = (name: string) => screen.getByRole('button', { name: `${name} löschen` });

async function deleteConfirmed(name: string) {
  await userEvent.click(deleteButton(name));
  const question = await screen.findByRole('alertdialog', { name: `„${name}“ wirklich löschen?` });
  await userEvent.click(within(question).getByRole('button', { name: 'Löschen' }));
}

/** A request the test answers when it wants. */
function pending() {
  let answer: () => void = () => undefined;
  const deleteFile = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
  return { deleteFile, answer: () => answer() };
}

afterEach(cleanup);

describe('useServerAction', () => {
  it('sends nothing when the question is declined', async () => {
    const deleteFile = vi.fn(async () => undefined);
    const { invalidate } = setup(deleteFile);
    await userEvent.click(deleteButton('Plan.pdf'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteFile).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('marks only the item that runs as busy, and sends it once however often it is clicked', async () => {
    const { deleteFile, answer } = pending();
    setup(deleteFile, { confirm: undefined });
    await userEvent.click(deleteButton('Plan.pdf'));
    await waitFor(() => expect(deleteButton('Plan.pdf').getAttribute('aria-busy')).toBe('true'));
    expect(deleteButton('Foto.jpg').getAttribute('aria-busy')).toBeNull();
    await userEvent.click(deleteButton('Plan.pdf'));
    expect(deleteFile).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() => expect(deleteButton('Plan.pdf').getAttribute('aria-busy')).toBeNull());
  });

  it('refetches the queries named and says so after a success', async () => {
    const deleteFile = vi.fn(async () => undefined);
    const { invalidate } = setup(deleteFile);
    await deleteConfirmed('Plan.pdf');
    expect((await screen.findByRole('status')).textContent).toBe('„Plan.pdf“ wurde gelöscht.');
    expect(deleteFile).toHaveBeenCalledWith('Plan.pdf');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['files'] });
  });

  it('shows a toast after a success where it asks for one', async () => {
    setup(async () => undefined, { notify: (_, name) => `${name} gelöscht`, status: undefined });
    await deleteConfirmed('Foto.jpg');
    expect(await screen.findByText('Foto.jpg gelöscht')).toBeTruthy();
  });

  it("shows the context's German text with the server's reason, or the network text, and refetches nothing", async () => {
    const deleteFile = vi.fn<(name: string) => Promise<void>>().mockRejectedValueOnce(new ApiError(403, 'Dafür fehlt Ihnen die Berechtigung.', 'FORBIDDEN')).mockRejectedValueOnce(new NetworkError('offline'));
    const { invalidate } = setup(deleteFile, { confirm: undefined });
    await userEvent.click(deleteButton('Plan.pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei konnte nicht gelöscht werden. Dafür fehlt Ihnen die Berechtigung.');
    await userEvent.click(deleteButton('Plan.pdf'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Keine Verbindung zum Server.'));
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('hands a failure on, e.g. to refetch the list when the item is already gone', async () => {
    const gone = new ApiError(404, 'Die Datei gibt es nicht mehr.', 'NOT_FOUND');
    const onError = vi.fn();
    setup(async () => Promise.reject(gone), { onError });
    await deleteConfirmed('Plan.pdf');
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei konnte nicht gelöscht werden. Die Datei gibt es nicht mehr.');
    expect(onError).toHaveBeenCalledWith(gone, 'Plan.pdf');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("tells a failure in the alert dialog where asked, with the server's reason beneath, and refetches where asked", async () => {
    const { invalidate } = setup(async () => Promise.reject(new ApiError(409, 'Das Team hat noch Projekte.', 'CONFLICT')), {
      errors: { failed: 'Löschen fehlgeschlagen', network: 'Löschen fehlgeschlagen', reason: 'never' },
      alertErrors: true,
      refetchAfterFailure: true,
    });
    await deleteConfirmed('Plan.pdf');
    const report = await screen.findByRole('alertdialog', { name: 'Löschen fehlgeschlagen' });
    expect(within(report).getByText('Das Team hat noch Projekte.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['files'] });
  });

  it('still tells its toast and refetches when its card was closed while it ran', async () => {
    const { deleteFile, answer } = pending();
    const { invalidate } = setup(deleteFile, { confirm: undefined, notify: (_, name) => `${name} gelöscht` });
    await userEvent.click(deleteButton('Plan.pdf'));
    await waitFor(() => expect(deleteFile).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    answer();
    expect(await screen.findByText('Plan.pdf gelöscht')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['files'] });
  });
});

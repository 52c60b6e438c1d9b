import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { DialogContent, DialogTitle } from '../../components/ui/dialog';
import { FeedbackProvider } from '../feedback/feedback-provider';
import { GuardedDialog, useDismissDialog } from './guarded-dialog';
import { useUnsavedChangesGuard } from './unsaved-changes-context';
import { NavigationGuard, UnsavedChangesProvider } from './unsaved-changes-provider';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const question = () => screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
const answer = async (name: 'Verwerfen' | 'Weiter bearbeiten') => userEvent.click(within(await question()).getByRole('button', { name }));
const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

/** A note field that counts as unsaved once something is typed; 'Speichern' leaves as a save does. */
function Note() {
  const [text, setText] = useState('');
  const release = useUnsavedChangesGuard(text !== '');
  const navigate = useNavigate();
  return (
    <>
      <label>
        Notiz
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/b">Zur Seite B</Link>
      <button type="button" onClick={() => void navigate('/b')}>
        Weiter
      </button>
      <button
        type="button"
        onClick={() => {
          release();
          void navigate('/b');
        }}
      >
        Speichern
      </button>
    </>
  );
}

function renderPages(start: string[] = ['/a']) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <FeedbackProvider>
            <UnsavedChangesProvider>
              <NavigationGuard />
              <Outlet />
            </UnsavedChangesProvider>
          </FeedbackProvider>
        ),
        children: [
          { path: '/a', element: <Note /> },
          { path: '/b', element: <p>Seite B</p> },
        ],
      },
    ],
    { initialEntries: start, initialIndex: start.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('leaving a page with unsaved changes', () => {
  it('leaves at once while nothing is typed', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Zur Seite B' }));
    expect(screen.getByText('Seite B')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks before a link leaves; 'Weiter bearbeiten' stays with the text, 'Verwerfen' leaves", async () => {
    renderPages();
    await userEvent.type(screen.getByLabelText('Notiz'), 'Dach prüfen');
    await userEvent.click(screen.getByRole('link', { name: 'Zur Seite B' }));
    await answer('Weiter bearbeiten');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Notiz').value).toBe('Dach prüfen');

    await userEvent.click(screen.getByRole('link', { name: 'Zur Seite B' }));
    await answer('Verwerfen');
    expect(await screen.findByText('Seite B')).toBeTruthy();
  });

  it('asks before a programmatic navigation and before the browser goes back', async () => {
    const router = renderPages(['/b', '/a']);
    await userEvent.type(screen.getByLabelText('Notiz'), 'Dach prüfen');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await answer('Weiter bearbeiten');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await router.navigate(-1);
    await answer('Weiter bearbeiten');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Notiz').value).toBe('Dach prüfen');

    await router.navigate(-1);
    await answer('Verwerfen');
    expect(await screen.findByText('Seite B')).toBeTruthy();
  });

  it('does not ask after a save', async () => {
    renderPages();
    await userEvent.type(screen.getByLabelText('Notiz'), 'Dach prüfen');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Seite B')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lets the browser ask on closing the tab only while something is unsaved and the session lasts', async () => {
    sessionStorage.setItem('token', 'test-token');
    renderPages();
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Notiz'), 'x');
    expect(unload()).toBe(true);
    sessionStorage.removeItem('token');
    expect(unload()).toBe(false);
    sessionStorage.setItem('token', 'test-token');
    await userEvent.clear(screen.getByLabelText('Notiz'));
    expect(unload()).toBe(false);
  });
});

function DialogNote() {
  const [text, setText] = useState('');
  useUnsavedChangesGuard(text !== '');
  const dismiss = useDismissDialog();
  return (
    <>
      <label>
        Kommentar
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={dismiss}>
        Abbrechen
      </button>
    </>
  );
}

function DialogHost() {
  const [open, setOpen] = useState(true);
  return (
    <GuardedDialog open={open} onClose={() => setOpen(false)}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Notiz</DialogTitle>
        <DialogNote />
      </DialogContent>
    </GuardedDialog>
  );
}

function renderDialog() {
  render(
    <FeedbackProvider>
      <UnsavedChangesProvider>
        <DialogHost />
      </UnsavedChangesProvider>
    </FeedbackProvider>,
  );
  return screen.getByRole('dialog', { name: 'Notiz' });
}

describe('closing a dialog with typed text', () => {
  it('closes at once on Escape while nothing is typed', async () => {
    renderDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    ['Escape', () => userEvent.keyboard('{Escape}')],
    ['the X', () => userEvent.click(within(screen.getByRole('dialog', { name: 'Notiz' })).getByRole('button', { name: 'Schließen' }))],
    ['Abbrechen', () => userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }))],
  ])('asks on %s; Weiter bearbeiten keeps the dialog and the text, Verwerfen closes', async (_, close) => {
    const dialog = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Kommentar'), 'bitte prüfen');
    await close();
    await answer('Weiter bearbeiten');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('dialog', { name: 'Notiz' })).getByLabelText<HTMLInputElement>('Kommentar').value).toBe('bitte prüfen');

    await close();
    await answer('Verwerfen');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, dialogContentClassName } from './dialog';

afterEach(cleanup);

function Probe() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Projekt bearbeiten</DialogTitle>
        </DialogHeader>
        <input aria-label="Projektname" />
        <DialogFooter>
          <button type="button">Speichern</button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

describe('DialogContent', () => {
  it('is a full-screen sheet below 768 px; from 768 px on as wide as a form needs, at most 80 % and viewport high', () => {
    render(<Probe />);
    const classes = screen.getByRole('dialog').className.split(' ');
    // Unprefixed classes apply on phones, md: ones from the app's 768 px breakpoint on.
    expect(classes).toEqual(expect.arrayContaining(['fixed', 'inset-0', 'h-dvh', 'w-full']));
    expect(classes).toEqual(expect.arrayContaining(['md:w-[min(80vw,45rem)]', 'md:h-auto', 'md:max-h-dvh', 'md:inset-auto']));
    expect(classes.some((name) => name.startsWith('max-w-'))).toBe(false);
  });

  it('takes the full 80 % for wide content, and a fixed height where content arrives later', () => {
    expect(dialogContentClassName('wide', 'full').split(' ')).toEqual(expect.arrayContaining(['md:w-[80vw]', 'md:h-[90dvh]']));
    expect(dialogContentClassName('wide', 'full')).not.toContain('md:h-auto');
  });

  it('covers the whole screen at every size for the plan viewer, without centring or frame', () => {
    const classes = dialogContentClassName('screen').split(' ');
    expect(classes).toEqual(expect.arrayContaining(['fixed', 'inset-0', 'h-dvh', 'w-full']));
    expect(classes.filter((name) => name.startsWith('md:'))).toEqual([]);
  });

  it('scrolls its body under a header and above a footer that stay in place', () => {
    render(<Probe />);
    const title = screen.getByRole('heading', { name: 'Projekt bearbeiten' });
    const header = title.parentElement;
    const body = header?.parentElement;
    expect(header?.className).toContain('sticky top-0');
    expect(body?.className).toContain('overflow-y-auto');
    expect(screen.getByText('Speichern').parentElement?.className).toContain('sticky bottom-0');
  });

  it('focuses the first field on open, and closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    render(<Probe />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Projektname' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("focuses the form's first field, not a button before it", () => {
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Profil bearbeiten</DialogTitle>
          <button type="button">Hilfe</button>
          <form>
            <input type="hidden" name="id" value="7" />
            <input aria-label="Vorname" />
          </form>
        </DialogContent>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Vorname' }));
  });

  it('focuses the first field of a form that arrives after the dialog opened (a modal still loading), not the close button', async () => {
    function LateForm() {
      const [loaded, setLoaded] = useState(false);
      useEffect(() => {
        void Promise.resolve().then(() => setLoaded(true));
      }, []);
      if (!loaded) return <p>Laden...</p>;
      return (
        <form>
          <input aria-label="Vorname" />
          <input aria-label="Nachname" />
        </form>
      );
    }
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Neuen Benutzer erstellen</DialogTitle>
          <LateForm />
        </DialogContent>
      </Dialog>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Vorname' })));
  });

  it('leaves the focus where the person put it while the form was loading', async () => {
    let show: () => void = () => undefined;
    function LateForm() {
      const [loaded, setLoaded] = useState(false);
      show = () => setLoaded(true);
      return loaded ? <form><input aria-label="Vorname" /></form> : <a href="#hilfe">Hilfe</a>;
    }
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Neuen Benutzer erstellen</DialogTitle>
          <LateForm />
          <button type="button">Weiter</button>
        </DialogContent>
      </Dialog>,
    );
    screen.getByRole('button', { name: 'Weiter' }).focus();
    act(() => show());
    await screen.findByRole('textbox', { name: 'Vorname' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Weiter' }));
  });

  it('is named once, by its visible title: no description and no hidden copy repeats the title', () => {
    render(<Probe />);
    const dialog = screen.getByRole('dialog', { name: 'Projekt bearbeiten' });
    const title = screen.getByRole('heading', { name: 'Projekt bearbeiten' });
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
    expect(dialog.hasAttribute('aria-label')).toBe(false);
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    // A screen reader reads the dialog's text after its name: the title's words stand in it once.
    expect(dialog.textContent?.split('Projekt bearbeiten')).toHaveLength(2);
  });

  it('says a description after the name when it has one, not the title again', () => {
    render(
      <Dialog open>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Versionen</DialogTitle>
            <DialogDescription>Alle Versionen dieses Plans</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Versionen' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Alle Versionen dieses Plans').id);
  });

  it('has a close button named Schließen', async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from './dialog';
import { Toaster, toastDurationMs, useToastQueue } from './toast';

function Host({ dialogOpen = false }: { dialogOpen?: boolean }) {
  const queue = useToastQueue();
  return (
    <Toaster queue={queue}>
      <button type="button" onClick={() => queue.notify('Kunde angelegt')}>
        anlegen
      </button>
      <Dialog open={dialogOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>Neuen Benutzer erstellen</DialogTitle>
          </DialogHeader>
          <button type="button" onClick={() => queue.notify('Datei hochgeladen')}>
            hochladen
          </button>
        </DialogContent>
      </Dialog>
    </Toaster>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast in a polite live region that existed before it', () => {
    render(<Host />);
    const region = document.querySelector('[aria-live="polite"]');
    if (!(region instanceof HTMLElement)) throw new Error('no live region');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByText('anlegen'));
    expect(within(region).getByText('Kunde angelegt')).toBeTruthy();
  });

  it('goes away by itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Host />);
    fireEvent.click(screen.getByText('anlegen'));
    act(() => vi.advanceTimersByTime(toastDurationMs - 1));
    expect(screen.getByText('Kunde angelegt')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Kunde angelegt')).toBeNull();
  });

  it('stays while the pointer rests on it, and closes with its button', () => {
    vi.useFakeTimers();
    render(<Host />);
    fireEvent.click(screen.getByText('anlegen'));
    fireEvent.mouseEnter(screen.getByText('Kunde angelegt'));
    act(() => vi.advanceTimersByTime(toastDurationMs * 2));
    expect(screen.getByText('Kunde angelegt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByText('Kunde angelegt')).toBeNull();
  });

  it('stacks several toasts in the order they came', () => {
    render(<Host />);
    fireEvent.click(screen.getByText('anlegen'));
    fireEvent.click(screen.getByText('anlegen'));
    expect(screen.getAllByText('Kunde angelegt')).toHaveLength(2);
  });

  it('shows toasts inside an open dialog, below its body, where they cover none of its buttons', () => {
    render(<Host dialogOpen />);
    const dialog = screen.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
    fireEvent.click(within(dialog).getByText('hochladen'));
    const toast = within(dialog).getByText('Datei hochgeladen');
    const slot = toast.closest('[aria-live="polite"]');
    expect(slot).not.toBeNull();
    expect(dialog.contains(slot)).toBe(true);
    // The slot follows the scrolling body instead of lying over it.
    expect(slot?.closest('[data-dialog-body]')).toBeNull();
  });
});

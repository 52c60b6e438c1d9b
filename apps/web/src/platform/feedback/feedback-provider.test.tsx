import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FeedbackProvider } from './feedback-provider';
import { useAlert, useConfirm, useNotify } from './feedback-context';

function Probe() {
  const confirm = useConfirm();
  const alert = useAlert();
  const notify = useNotify();
  const [answer, setAnswer] = useState('noch keine Antwort');
  return (
    <div>
      <button type="button" onClick={() => void confirm({ title: 'Team "Nord" wirklich löschen?', confirmLabel: 'Löschen' }).then((yes) => setAnswer(yes ? 'ja' : 'nein'))}>
        fragen
      </button>
      <button type="button" onClick={() => void alert({ title: 'Löschen fehlgeschlagen', description: 'Dieses Team gibt es nicht.' }).then(() => setAnswer('gelesen'))}>
        melden
      </button>
      <button type="button" onClick={() => notify('Projekt gelöscht')}>
        bestätigen
      </button>
      <p>{answer}</p>
    </div>
  );
}

afterEach(cleanup);

describe('FeedbackProvider', () => {
  it('asks in an alert dialog and answers true on confirmation', async () => {
    render(<FeedbackProvider><Probe /></FeedbackProvider>);
    await userEvent.click(screen.getByText('fragen'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Team "Nord" wirklich löschen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('ja')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens a question on its safe answer, Abbrechen, and a report on OK', async () => {
    render(<FeedbackProvider><Probe /></FeedbackProvider>);
    await userEvent.click(screen.getByText('fragen'));
    const question = await screen.findByRole('alertdialog', { name: 'Team "Nord" wirklich löschen?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Abbrechen' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByText('melden'));
    const report = await screen.findByRole('alertdialog', { name: 'Löschen fehlgeschlagen' });
    await waitFor(() => expect(document.activeElement).toBe(within(report).getByRole('button', { name: 'OK' })));
  });

  it('answers false on Abbrechen and on Escape', async () => {
    render(<FeedbackProvider><Probe /></FeedbackProvider>);
    await userEvent.click(screen.getByText('fragen'));
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText('nein')).toBeTruthy();

    await userEvent.click(screen.getByText('fragen'));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('nein')).toBeTruthy();
  });

  it('reports with its reason and resolves once dismissed with OK', async () => {
    render(<FeedbackProvider><Probe /></FeedbackProvider>);
    await userEvent.click(screen.getByText('melden'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Löschen fehlgeschlagen' });
    expect(within(dialog).getByText('Dieses Team gibt es nicht.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Abbrechen' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('gelesen')).toBeTruthy();
  });

  it('confirms a finished action in a toast of a polite live region, next to the page, not in a dialog', async () => {
    render(<FeedbackProvider><Probe /></FeedbackProvider>);
    await userEvent.click(screen.getByText('bestätigen'));
    const toast = screen.getByText('Projekt gelöscht');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByText('Projekt gelöscht')).toBeNull();
  });
});

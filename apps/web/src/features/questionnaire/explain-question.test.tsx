import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/api-stub';
import { renderStep } from './questionnaire-test-utils';
import { GeneralPage } from './general-page';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Was bedeutet das?'", () => {
  it('explains each glazing in German with a drawing that has a text alternative, and closes with Escape back to its button', async () => {
    renderStep(<WindowsPage />, { path: '/windows', handlers: { 'GET /api/windows/7': () => json(200, { isDifferentWindows: false }) } });
    const button = await screen.findByRole('button', { name: 'Was bedeutet das? Erklärung zu „Verglasung“' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Verglasung' });
    expect(within(dialog).getByText(/Feuerzeug/)).toBeTruthy();
    for (const glazing of ['Einfachverglasung', 'Zweifach-Isolierverglasung', 'Zweifach-Wärmeschutzverglasung', 'Dreifach-Wärmeschutzverglasung']) {
      expect(within(dialog).getByRole('img', { name: `Zeichnung: ${glazing}` })).toBeTruthy();
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("explains the building types with the spec's three choices and the facade's direction with a compass; the usage needs none", async () => {
    renderStep(<GeneralPage />, { path: '/general', handlers: { 'GET /api/general/7': () => json(200, {}) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Was bedeutet das? Erklärung zu „Gebäudetyp“' }));
    const types = await screen.findByRole('dialog', { name: 'Gebäudetyp' });
    expect(within(types).getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['Zeichnung: Freistehend', 'Zeichnung: Eckhaus', 'Zeichnung: Mittelhaus']);
    await userEvent.click(within(types).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Was bedeutet das? Erklärung zu „Ausrichtung der Hauptfassade“' }));
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: /Kompass/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Erklärung zu „Gebäudenutzung“/ })).toBeNull();
  });
});

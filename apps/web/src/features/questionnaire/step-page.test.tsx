import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/api-stub';
import { GeneralPage } from './general-page';
import { press, renderStep, select } from './questionnaire-test-utils';
import { StoreysPage } from './storeys-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setupGeneral() {
  return renderStep(<GeneralPage />, {
    path: '/general',
    handlers: { 'GET /api/general/7': () => json(200, {}), 'PUT /api/general/7': ({ body }) => json(200, body) },
  });
}

const steps = () => within(screen.getByRole('navigation', { name: 'Schritte des Fragebogens' }));

describe('the step header', () => {
  it('names the four steps as links and marks the current one', async () => {
    setupGeneral();
    await screen.findByLabelText('Gebäudenutzung');
    const links = steps().getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '1Schritt 1: Allgemeine InformationenAllgemeine Informationen',
      '2Schritt 2: StockwerkeStockwerke',
      '3Schritt 3: FensterFenster',
      '4Schritt 4: HeizungHeizung',
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['step', null, null, null]);
    expect(steps().getByRole('link', { name: 'Schritt 3: Fenster' }).getAttribute('href')).toBe('/windows');
  });

  it("names the project under the title: 'Projekt: …'", async () => {
    renderStep(<GeneralPage />, {
      path: '/general',
      handlers: {
        'GET /api/general/7': () => json(200, {}),
        'GET /api/DashboardClient/project/7': () =>
          json(200, {
            id: 7,
            name: 'Sanierung Annenstraße',
            description: '',
            assignedUser: 'klara',
            creationName: 'mara',
            progress: 0,
            status: 'NEW',
            address: { street: '', number: '', city: '', katastral: null, postalCode: '', country: '' },
          }),
      },
    });
    expect(await screen.findByText('Projekt: Sanierung Annenstraße')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Allgemeine Informationen');
  });

  it('jumps to another step at once while nothing was changed', async () => {
    setupGeneral();
    await screen.findByLabelText('Gebäudenutzung');
    await userEvent.click(steps().getByRole('link', { name: 'Schritt 4: Heizung' }));
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a changed step; cancelling stays with the answer, discarding leaves', async () => {
    setupGeneral();
    await select('Gebäudenutzung', 'WOHNBAU');
    await userEvent.click(steps().getByRole('link', { name: 'Schritt 2: Stockwerke' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(screen.queryByText(/^Seite /)).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Gebäudenutzung').value).toBe('WOHNBAU');

    await userEvent.click(steps().getByRole('link', { name: 'Schritt 2: Stockwerke' }));
    const again = await screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Verwerfen' }));
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
  });

  it('lets the browser ask when the tab closes, only while something is unsaved', async () => {
    setupGeneral();
    sessionStorage.setItem('token', 'test-token');
    await screen.findByLabelText('Gebäudenutzung');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await select('Gebäudenutzung', 'WOHNBAU');
    expect(unload()).toBe(true);
    // Logging out: the session is gone before the login page loads, so there is nothing to keep.
    sessionStorage.removeItem('token');
    expect(unload()).toBe(false);
  });

  it('does not ask after saving', async () => {
    const { api } = setupGeneral();
    await select('Gebäudenutzung', 'WOHNBAU');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('PUT', '/api/general/7')).toHaveLength(1);
  });
});

describe('a link to a question', () => {
  it.each([
    ['roofType', () => screen.getByLabelText('Dachform')],
    ['isBasementHeated', () => within(screen.getByRole('radiogroup', { name: 'Ist der Keller beheizt?' })).getByRole('radio', { name: 'Ja' })],
  ])('?frage=%s opens the step with that question focused', async (question, target) => {
    renderStep(<StoreysPage />, { path: '/storeys', search: `?frage=${question}`, handlers: { 'GET /api/storeys/7': () => json(200, {}) } });
    await screen.findByLabelText('Dachform');
    expect(document.activeElement).toBe(target());
  });
});

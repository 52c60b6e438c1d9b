import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/api-stub';
import { answer, field, press, renderStep, select } from './questionnaire-test-utils';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = 'Ihre Fenster sind unterschiedlich – Ihre Architektin bzw. Ihr Architekt wird sich bei Ihnen melden.';
const details = ['Baujahr der Fenster', 'Verglasung', 'Rahmenmaterial'];

function setup(stored: object = {}) {
  return renderStep(<WindowsPage />, {
    path: '/windows',
    handlers: { 'GET /api/windows/7': () => json(200, stored), 'PUT /api/windows/7': ({ body }) => json(200, body) },
  });
}

describe('WindowsPage', () => {
  it('with different windows hides the other questions, shows the note and saves without them', async () => {
    const { api } = setup();
    await userEvent.type(await screen.findByLabelText('Baujahr der Fenster'), '1990');
    expect(document.title).toBe('Fragebogen: Fenster – Bauakte');
    await answer('Gibt es unterschiedliche Fenster?', 'Ja');

    expect(screen.getByText(note)).toBeTruthy();
    details.forEach((label) => expect(screen.queryByLabelText(label)).toBeNull());
    expect(screen.queryByRole('radiogroup', { name: 'Gibt es Rollladenkästen?' })).toBeNull();

    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    // Only the answer itself: the typed year is hidden, so it is not kept, and nothing was stored.
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({ isDifferentWindows: true });
  });

  it('keeps stored details through Ja and back to Nein, and clears them when saving with Ja', async () => {
    const stored = { isDifferentWindows: false, windowConstructionYear: 1990, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'WOOD', isRollerBlindHousing: true };
    const { api } = setup(stored);
    expect((await screen.findByLabelText<HTMLInputElement>('Baujahr der Fenster')).value).toBe('1990');
    await answer('Gibt es unterschiedliche Fenster?', 'Ja');
    expect(screen.queryByLabelText('Baujahr der Fenster')).toBeNull();
    await answer('Gibt es unterschiedliche Fenster?', 'Nein');
    expect(field('Baujahr der Fenster').value).toBe('1990');
    expect(field<HTMLSelectElement>('Verglasung').value).toBe('DOUBLE_ISOLATION');
    expect(field<HTMLSelectElement>('Rahmenmaterial').value).toBe('WOOD');
    const rollerBlinds = screen.getByRole('radiogroup', { name: 'Gibt es Rollladenkästen?' });
    expect(within(rollerBlinds).getByRole<HTMLInputElement>('radio', { name: 'Ja' }).checked).toBe(true);

    await answer('Gibt es unterschiedliche Fenster?', 'Ja');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    const body = api.callsTo('PUT', '/api/windows/7')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({ isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null });
  });

  it('does not let a hidden, out-of-range detail block the save with Ja', async () => {
    const { api } = setup();
    await userEvent.type(await screen.findByLabelText('Baujahr der Fenster'), '20000');
    await answer('Gibt es unterschiedliche Fenster?', 'Ja');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({ isDifferentWindows: true });
  });

  it('prefills a stored "Ja" with the note instead of the questions', async () => {
    setup({ isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByLabelText('Verglasung')).toBeNull();
  });

  it('asks for the two required Ja/Nein answers before sending anything', async () => {
    const { api } = setup();
    await screen.findByLabelText('Verglasung');
    await press('Speichern und Weiter');
    expect(await screen.findAllByText('Bitte beantworten Sie diese Frage.')).toHaveLength(1);
    expect(screen.getByRole('radiogroup', { name: 'Gibt es unterschiedliche Fenster?' }).getAttribute('aria-invalid')).toBe('true');

    await answer('Gibt es unterschiedliche Fenster?', 'Nein');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Bitte beantworten Sie diese Frage.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Gibt es Rollladenkästen?' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/windows/7')).toHaveLength(0);
  });

  it('saves the window details when the windows are alike', async () => {
    const { api } = setup();
    await answer('Gibt es unterschiedliche Fenster?', 'Nein');
    await userEvent.type(field('Baujahr der Fenster'), '1988');
    await select('Verglasung', 'DOUBLE_ISOLATION');
    await select('Rahmenmaterial', 'PLASTIC');
    await answer('Gibt es Rollladenkästen?', 'Ja');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({
      isDifferentWindows: false,
      windowConstructionYear: 1988,
      typeOfGlass: 'DOUBLE_ISOLATION',
      frameMaterial: 'PLASTIC',
      isRollerBlindHousing: true,
    });
  });
});

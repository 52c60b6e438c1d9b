import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/api-stub';
import { HeatingPage } from './heating-page';
import { field, press, renderStep, select } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(roles: string[], handlers: Parameters<typeof renderStep>[1]['handlers'] = {}) {
  return renderStep(<HeatingPage />, {
    path: '/heating',
    roles,
    handlers: { 'GET /api/heating/7': () => json(200, {}), 'PUT /api/heating/7': ({ body }) => json(200, body), ...handlers },
  });
}

describe('HeatingPage', () => {
  it("is step 4 of 4; 'Speichern' saves and returns a client to /dashboardClient", async () => {
    const { api } = setup(['CLIENT']);
    await select('Wärmeerzeuger', 'CONDENSING_BOILER');
    await select('Brennstoff', 'WOOD');
    await userEvent.type(field('Baujahr der Heizung'), 'um 1990');
    expect(screen.getByText('Schritt 4 von 4')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Brennstoff' }).selectedOptions[0]?.textContent).toBe('Pellets');
    expect(screen.queryByRole('button', { name: 'Speichern und Weiter' })).toBeNull();
    await press('Speichern');

    expect(await screen.findByText('Seite /dashboardClient')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/heating/7')[0]?.body).toEqual({
      heatProducer: 'CONDENSING_BOILER',
      fuelType: 'WOOD',
      constructionYearHeating: 'um 1990',
    });
  });

  it("offers the spec's boilers, then heat pump, district-heating substation and other as 'Wärmeerzeuger'", async () => {
    setup(['CLIENT']);
    const producer = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Wärmeerzeuger' });
    expect([...producer.options].slice(1).map((option) => [option.value, option.textContent])).toEqual([
      ['STANDARD_BOILER', 'Standardkessel'],
      ['LOW_TEMP_BOILER', 'Niedertemperaturkessel'],
      ['CONDENSING_BOILER', 'Brennwertkessel'],
      ['HEAT_PUMP', 'Wärmepumpe'],
      ['DISTRICT_HEAT_TRANSFER_STATION', 'Fernwärme-Übergabestation'],
      ['OTHER', 'Sonstiges'],
    ]);
  });

  it('returns an architect to /dashboard', async () => {
    setup(['ARCHI']);
    await screen.findByLabelText('Wärmeerzeuger');
    await press('Speichern');
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
  });

  it('says so when the server cannot be reached and stays', async () => {
    setup(['CLIENT'], {
      'PUT /api/heating/7': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByLabelText('Wärmeerzeuger');
    await press('Speichern');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Speichern fehlgeschlagen. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    );
    expect(screen.queryByText(/^Seite /)).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type RecordedCall } from '../../test/api-stub';
import { dateTimeText } from '../../lib/date-time';
import { GeneralPage } from './general-page';
import { field, press, renderStep, select } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', apartmentUnits: null, renovatedUnits: null, direction: 'SW', constructionYear: 1965 };
const savedAt = '2026-11-26T15:05:00.000Z';
/** Karl Kunde saved meanwhile: a new Baujahr and direction, and the building type the page does not know yet. */
const conflict = {
  message: 'Dieser Schritt wurde inzwischen von jemand anderem geändert, auch bei Antworten, die Sie geändert haben. Bitte wählen Sie, welche Antworten gelten sollen.',
  code: 'QUESTIONNAIRE_CONFLICT',
  answers: { ...stored, buildingtype: 'MITTELHAUS', direction: 'S', constructionYear: 1962 },
  version: 6,
  savedBy: { username: 'kkunde', firstName: 'Karl', lastName: 'Kunde' },
  savedAt,
  fields: ['direction', 'constructionYear'],
};

/** The page with the first saves refused as conflicting (one unless told), later saves accepted. */
function setup(refusals: object[] = [conflict]) {
  let saves = 0;
  return renderStep(<GeneralPage />, {
    path: '/general',
    roles: ['ARCHI'],
    handlers: {
      'GET /api/general/7': () => json(200, stored, { etag: '"4"' }),
      'PUT /api/general/7': ({ body }: RecordedCall) => {
        const refusal = refusals[saves];
        saves += 1;
        return refusal ? json(409, refusal) : json(200, { ...conflict.answers, ...(body as object) }, { etag: '"9"' });
      },
    },
  });
}

/** Changes Baujahr and the direction, and saves. */
async function editAndSave() {
  await select('Ausrichtung der Hauptfassade', 'N');
  const year = field('Baujahr');
  await userEvent.clear(year);
  await userEvent.type(year, '1972');
  await press('Speichern und Weiter');
}

describe('a save that meets answers someone else changed meanwhile', () => {
  it('shows who changed the step and when, and both answers per field with their German labels', async () => {
    setup();
    await editAndSave();
    const dialog = await screen.findByRole('dialog', { name: 'Jemand anderes hat diesen Schritt geändert' });
    expect(within(dialog).getByText(new RegExp(`^Karl Kunde hat diesen Schritt am ${dateTimeText(savedAt).replace(/[.]/g, '\\.')} gespeichert`))).toBeTruthy();
    const direction = within(dialog).getByRole('group', { name: 'Ausrichtung der Hauptfassade' });
    expect(within(direction).getByRole('radio', { name: 'Antwort von Karl Kunde übernehmen: Süd' })).toBeTruthy();
    expect(within(direction).getByRole('radio', { name: 'Meine Antwort übernehmen: Nord' })).toBeTruthy();
    const year = within(dialog).getByRole('group', { name: 'Baujahr' });
    expect(within(year).getByRole('radio', { name: 'Antwort von Karl Kunde übernehmen: 1962' })).toBeTruthy();
    expect(within(year).getByRole('radio', { name: 'Meine Antwort übernehmen: 1972' })).toBeTruthy();
    // Nothing went on: the page waits for the choice.
    expect(screen.queryByText(/^Seite /)).toBeNull();
  });

  it('saves nothing until every answer is chosen, then saves the choice against the newer version', async () => {
    const { api } = setup();
    await editAndSave();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Antwort von Karl Kunde übernehmen: Süd' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Bitte wählen Sie bei jeder Antwort, welche gelten soll.');
    expect(api.callsTo('PUT', '/api/general/7')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Meine Antwort übernehmen: 1972' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    const [first, retry] = api.callsTo('PUT', '/api/general/7');
    expect(first?.headers['if-match']).toBe('"4"');
    expect(first?.body).toEqual({ direction: 'N', constructionYear: 1972 });
    // Their direction, my Baujahr; their building type is not touched (not sent).
    expect(retry?.headers['if-match']).toBe('"6"');
    expect(retry?.body).toEqual({ direction: 'S', constructionYear: 1972 });
  });

  it('asks again with the newer answers when someone saved once more before the choice arrived', async () => {
    const again = { ...conflict, answers: { ...conflict.answers, constructionYear: 1960 }, version: 8, savedBy: { username: 'mara', firstName: 'Mara', lastName: 'Berger' }, fields: ['constructionYear'] };
    const { api } = setup([conflict, again]);
    await editAndSave();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Meine Antwort übernehmen: Nord' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Meine Antwort übernehmen: 1972' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }));
    const second = await screen.findByRole('radio', { name: 'Antwort von Mara Berger übernehmen: 1960' });
    await userEvent.click(second);
    await userEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    const saves = api.callsTo('PUT', '/api/general/7');
    expect(saves.map((save) => save.headers['if-match'])).toEqual(['"4"', '"6"', '"8"']);
    expect(saves[2]?.body).toEqual({ direction: 'N', constructionYear: 1960 });
  });

  it('keeps the person\'s answers when the dialog is closed without a choice, and saves nothing', async () => {
    const { api } = setup();
    await editAndSave();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('Baujahr').value).toBe('1972');
    expect(api.callsTo('PUT', '/api/general/7')).toHaveLength(1);
  });
});

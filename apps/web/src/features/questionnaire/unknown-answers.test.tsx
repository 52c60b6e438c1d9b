import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { answer, field, press, renderStep } from './questionnaire-test-utils';
import { GeneralPage } from './general-page';
import { QuestionnaireAnswersCard } from './questionnaire-answers-card';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function windows(stored: object = {}) {
  return renderStep(<WindowsPage />, {
    path: '/windows',
    handlers: { 'GET /api/windows/7': () => json(200, stored), 'PUT /api/windows/7': ({ body }) => json(200, body) },
  });
}

/** The 'Weiß ich nicht' checkbox of a question: the one in the question's block. */
function unknownBox(id: string): HTMLInputElement {
  const box = document.getElementById(`question-${id}-unknown`);
  if (!(box instanceof HTMLInputElement)) throw new Error(`no 'Weiß ich nicht' for ${id}`);
  return box;
}

describe("'Weiß ich nicht'", () => {
  it('is offered beside the questions a layperson may not know, not beside the others', async () => {
    windows({ isDifferentWindows: false });
    await screen.findByLabelText('Baujahr der Fenster');
    expect(screen.getAllByRole('checkbox', { name: 'Weiß ich nicht' })).toHaveLength(4);
    expect(document.getElementById('question-isDifferentWindows-unknown')).toBeNull();
  });

  it('clears and disables the answer while chosen, brings back what was typed when unchosen, and saves the list', async () => {
    const { api } = windows({ isDifferentWindows: false, isRollerBlindHousing: true });
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr der Fenster');
    await userEvent.type(year, '1990');
    await userEvent.click(unknownBox('windowConstructionYear'));
    expect(year.value).toBe('');
    expect(year.disabled).toBe(true);
    expect(year.placeholder).toBe('unbekannt');
    await userEvent.click(unknownBox('windowConstructionYear'));
    expect(year.value).toBe('1990');
    expect(year.disabled).toBe(false);

    await userEvent.click(unknownBox('windowConstructionYear'));
    await userEvent.click(unknownBox('typeOfGlass'));
    expect(field<HTMLSelectElement>('Verglasung').disabled).toBe(true);
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({ unknown: ['windowConstructionYear', 'typeOfGlass'] });
  });

  it('answers the required roller-blind question, so the step saves without Ja or Nein', async () => {
    const { api } = windows();
    await answer('Gibt es unterschiedliche Fenster?', 'Nein');
    await userEvent.click(unknownBox('isRollerBlindHousing'));
    const rollerBlinds = screen.getByRole('radiogroup', { name: 'Gibt es Rollladenkästen?' });
    expect(within(rollerBlinds).getByRole<HTMLInputElement>('radio', { name: 'Ja' }).disabled).toBe(true);
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({ isDifferentWindows: false, unknown: ['isRollerBlindHousing'] });
  });

  it('shows a stored choice checked, with the answer empty', async () => {
    renderStep(<GeneralPage />, { path: '/general', handlers: { 'GET /api/general/7': () => json(200, { unknown: ['constructionYear'] }) } });
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr');
    expect(year.disabled).toBe(true);
    expect(unknownBox('constructionYear').checked).toBe(true);
    expect(unknownBox('direction').checked).toBe(false);
  });
});

describe("the architect's questionnaire card", () => {
  it("lists what the client did not know: 'Unbekannt: Baujahr der Fenster, Verglasung'", async () => {
    stubApi({
      'GET /api/questionnaire/7': () =>
        json(200, { general: {}, storeys: {}, windows: { isDifferentWindows: false, unknown: ['windowConstructionYear', 'typeOfGlass'] }, heating: {} }),
    });
    renderWithProviders(<QuestionnaireAnswersCard projectId="7" />, { user: sessionUser('mara', ['ARCHI']) });
    expect(await screen.findByText('Unbekannt: Baujahr der Fenster, Verglasung')).toBeTruthy();
  });
});

describe('unusual values', () => {
  function windowsAfterBuilding(stored: object, save = (body: unknown) => json(200, body)) {
    return renderStep(<WindowsPage />, {
      path: '/windows',
      handlers: {
        'GET /api/windows/7': () => json(200, stored),
        'GET /api/general/7': () => json(200, { constructionYear: 1960 }),
        'PUT /api/windows/7': ({ body }) => save(body),
      },
    });
  }

  it('warns beside the window year when the windows are older than the building, and saves the confirmation', async () => {
    const { api } = windowsAfterBuilding({ isDifferentWindows: false, isRollerBlindHousing: true });
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr der Fenster');
    await userEvent.type(year, '1950');
    expect(await screen.findByText('Die Fenster sind älter als das Gebäude – stimmt das?')).toBeTruthy();
    expect(year.getAttribute('aria-describedby')).toContain('question-windowConstructionYear-warning');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ja, stimmt so' }));
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /heating')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/windows/7')[0]?.body).toEqual({ windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] });
  });

  const refusal = 'Die Fenster sind älter als das Gebäude – stimmt das? Bitte bestätigen Sie den Wert mit „Ja, stimmt so“ oder korrigieren Sie ihn.';

  it('refuses an unconfirmed unusual value beside the field before sending anything, and keeps the input', async () => {
    const { api } = windowsAfterBuilding({ isDifferentWindows: false, isRollerBlindHousing: true });
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr der Fenster');
    await userEvent.type(year, '1950');
    await press('Speichern und Weiter');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(year.value).toBe('1950');
    expect(document.activeElement).toBe(year);
    expect(api.callsTo('PUT', '/api/windows/7')).toHaveLength(0);
  });

  it("shows the server's refusal beside the field when the page could not judge (the building's year unread)", async () => {
    renderStep(<WindowsPage />, {
      path: '/windows',
      handlers: {
        'GET /api/windows/7': () => json(200, { isDifferentWindows: false, isRollerBlindHousing: true }),
        'PUT /api/windows/7': () => json(400, { code: 'VALIDATION_FAILED', message: refusal, issues: [{ path: 'body/windowConstructionYear', message: refusal }] }),
      },
    });
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr der Fenster');
    await userEvent.type(year, '1950');
    await press('Speichern und Weiter');
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(year.value).toBe('1950');
  });

  it('asks again when a confirmed value is changed', async () => {
    windowsAfterBuilding({ isDifferentWindows: false, isRollerBlindHousing: true, windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] });
    const confirm = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Ja, stimmt so' });
    expect(confirm.checked).toBe(true);
    await userEvent.type(screen.getByLabelText('Baujahr der Fenster'), '{backspace}1');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Ja, stimmt so' }).checked).toBe(false);
  });

  it("is marked for the architect on the questionnaire card: 'Vom Kunden bestätigt: ungewöhnlicher Wert'", async () => {
    stubApi({
      'GET /api/questionnaire/7': () =>
        json(200, { general: { constructionYear: 1960 }, storeys: {}, windows: { isDifferentWindows: false, windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] }, heating: {} }),
    });
    renderWithProviders(<QuestionnaireAnswersCard projectId="7" />, { user: sessionUser('mara', ['ARCHI']) });
    expect(await screen.findByText('Vom Kunden bestätigt: ungewöhnlicher Wert – Baujahr der Fenster: 1950')).toBeTruthy();
  });
});

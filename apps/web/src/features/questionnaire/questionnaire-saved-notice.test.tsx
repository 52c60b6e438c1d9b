import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser, testQueryClient } from '../../test/render';
import { clearSelectedProject, getSelectedProjectId, selectProject } from '../../platform/project/project-selection';
import { ContinueQuestionnaireButton, continueQuestionnaireLabel } from './continue-questionnaire-button';
import { HeatingPage } from './heating-page';
import { press, select } from './questionnaire-test-utils';
import { QuestionnaireSavedNotice } from './questionnaire-saved-notice';
import { StoreysPage } from './storeys-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  sessionStorage.clear();
});

/** The browser loses or regains its connection, as the 'offline' and 'online' events tell the app. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => onlineManager.setOnline(online));
}

const general = { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965 };
const storeys = { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: false, isRenovated: true };
const windows = { isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null };
const heating = {
  heatProducer: 'CONDENSING_BOILER',
  fuelType: 'GAS',
  constructionYearHeating: '2005',
  hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING',
  heatEmission: 'SMALL_AREA_HEAT_EMISSION',
  temperatureRegulation: 'SINGLE_ROOM_VALVE',
};

function Dashboard() {
  return (
    <>
      <h1>Meine Projekte</h1>
      <QuestionnaireSavedNotice />
      <ContinueQuestionnaireButton projectId={7} progress={45} />
    </>
  );
}

/** Heating, the client dashboard and Stockwerke as routes, with stored answers per step. */
function renderFlow(stored: { general?: object; storeys?: object; windows?: object; heating?: object }, start = '/heating', queryClient = testQueryClient()) {
  sessionStorage.clear();
  selectProject('7');
  const answers: Record<string, object> = { general: {}, storeys: {}, windows: {}, heating: {}, ...stored };
  const handlers = Object.fromEntries(Object.keys(answers).map((step) => [`GET /api/${step}/7`, () => json(200, answers[step])]));
  const api = stubApi({
    ...handlers,
    'GET /api/questionnaire/7': () => json(200, answers),
    // As the server does: what a save sends is laid over the stored answers.
    'PUT /api/heating/7': ({ body }) => {
      answers.heating = { ...answers.heating, ...(body as object) };
      return json(200, answers.heating);
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/heating" element={<HeatingPage />} />
      <Route path="/storeys" element={<StoreysPage />} />
      <Route path="/general" element={<p>Seite /general</p>} />
      <Route path="/windows" element={<p>Seite /windows</p>} />
      <Route path="/dashboardClient" element={<Dashboard />} />
    </Routes>,
    { user: sessionUser('kundin', ['CLIENT']), route: start, path: '*', dataRouter: true, queryClient },
  );
  return api;
}

describe('after saving the last step', () => {
  it("returns to the dashboard (spec) and there confirms the save and lists the open questions by step", async () => {
    const api = renderFlow({ general: { ...general, constructionYear: null }, storeys: { ...storeys, isBasementHeated: null } });
    await select('Wärmeerzeuger', 'CONDENSING_BOILER');
    await press('Speichern');

    const notice = await screen.findByRole('region', { name: 'Fragebogen gespeichert' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Projekte' })).toBeTruthy();
    // The notice takes the focus in an effect once it is shown: on a busy machine a moment later.
    await waitFor(() => expect(document.activeElement).toBe(within(notice).getByRole('heading', { name: 'Fragebogen gespeichert' })));
    expect(await within(notice).findByText('Diese Fragen sind noch offen. Sie können sie jederzeit ergänzen:')).toBeTruthy();
    const groups = within(notice).getAllByRole('region').map((group) => [
      group.getAttribute('aria-label'),
      within(group).getAllByRole('link').map((link) => link.textContent),
    ]);
    expect(groups).toEqual([
      ['Offene Fragen: Allgemeine Informationen', ['Baujahr']],
      ['Offene Fragen: Stockwerke', ['Ist der Keller beheizt?']],
      ['Offene Fragen: Fenster', ['Gibt es unterschiedliche Fenster?', 'Baujahr der Fenster', 'Verglasung', 'Rahmenmaterial', 'Gibt es Rollladenkästen?']],
      ['Offene Fragen: Heizung', ['Brennstoff', 'Baujahr der Heizung', 'Warmwasserbereitung', 'Wärmeabgabe', 'Temperaturregelung']],
    ]);
    // The four steps come in one call, not one each.
    expect(api.callsTo('GET', '/api/questionnaire/7')).toHaveLength(1);
    // Only the heating page read the general step, for the building's year its warnings compare with.
    expect(api.callsTo('GET', '/api/general/7')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/storeys/7')).toHaveLength(0);

    // A link opens its step with the question focused, for the same project even if it was let go.
    clearSelectedProject();
    await userEvent.click(within(notice).getByRole('link', { name: 'Ist der Keller beheizt?' }));
    const basement = await screen.findByRole('radiogroup', { name: 'Ist der Keller beheizt?' });
    expect(document.activeElement).toBe(within(basement).getByRole('radio', { name: 'Ja' }));
    expect(getSelectedProjectId()).toBe('7');
  });

  it("says 'Alle Fragen sind beantwortet.' when nothing is open, and can be closed", async () => {
    renderFlow({ general, storeys, windows, heating });
    await screen.findByLabelText('Wärmeerzeuger');
    await press('Speichern');
    expect(await screen.findByText('Alle Fragen sind beantwortet.')).toBeTruthy();
    await press('Hinweis schließen');
    expect(screen.queryByRole('region', { name: 'Fragebogen gespeichert' })).toBeNull();
  });

  it('shows nothing on a dashboard reached otherwise', async () => {
    renderFlow({}, '/dashboardClient');
    expect(await screen.findByRole('heading', { name: 'Meine Projekte' })).toBeTruthy();
    expect(screen.queryByText('Fragebogen gespeichert')).toBeNull();
  });
});

describe('the continue action', () => {
  it('names the progress in de-AT and switches to viewing at 100 %', () => {
    const nbsp = '\u00a0';
    expect(continueQuestionnaireLabel(0)).toBe(`Fragebogen fortsetzen (0${nbsp}%)`);
    expect(continueQuestionnaireLabel(45)).toBe(`Fragebogen fortsetzen (45${nbsp}%)`);
    expect(continueQuestionnaireLabel(99.6)).toBe('Fragebogen ansehen');
    expect(continueQuestionnaireLabel(100)).toBe('Fragebogen ansehen');
    expect(continueQuestionnaireLabel(null)).toBe(`Fragebogen fortsetzen (0${nbsp}%)`);
  });

  it('chooses the project and opens the first step with an open question', async () => {
    renderFlow({ general, storeys: { ...storeys, isRenovated: null } }, '/dashboardClient');
    clearSelectedProject();
    await userEvent.click(await screen.findByRole('button', { name: /^Fragebogen fortsetzen \(45\s%\)$/ }));
    expect(await screen.findByLabelText('Dachform')).toBeTruthy();
    expect(getSelectedProjectId()).toBe('7');
  });

  it('opens the first step when everything is answered', async () => {
    renderFlow({ general, storeys, windows, heating }, '/dashboardClient');
    await userEvent.click(await screen.findByRole('button', { name: /^Fragebogen fortsetzen/ }));
    expect(await screen.findByText('Seite /general')).toBeTruthy();
  });
});

describe('the continue action without a connection', () => {
  it('opens the first step at once, asking nothing, and stays there when the connection comes back', async () => {
    const api = renderFlow({ general, storeys: { ...storeys, isRenovated: null } }, '/dashboardClient');
    setConnection(false);
    await userEvent.click(await screen.findByRole('button', { name: /^Fragebogen fortsetzen/ }));
    expect(await screen.findByText('Seite /general')).toBeTruthy();
    expect(api.callsTo('GET', '/api/questionnaire/7')).toEqual([]);

    setConnection(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Fragebogen fortsetzen/ })).toBeNull());
    expect(screen.getByText('Seite /general')).toBeTruthy();
    expect(api.callsTo('GET', '/api/questionnaire/7')).toEqual([]);
  });

  it('opens the first step with an open question by the answers this device holds', async () => {
    const queryClient = testQueryClient();
    const { readStoredAnswers } = await import('./questionnaire-api');
    queryClient.setQueryData(['questionnaire', '7', 'record'], {
      general: readStoredAnswers('general', general),
      storeys: readStoredAnswers('storeys', { ...storeys, isRenovated: null }),
      windows: readStoredAnswers('windows', windows),
      heating: readStoredAnswers('heating', heating),
    });
    renderFlow({}, '/dashboardClient', queryClient);
    setConnection(false);
    await userEvent.click(await screen.findByRole('button', { name: /^Fragebogen fortsetzen/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stockwerke' })).toBeTruthy();
  });
});

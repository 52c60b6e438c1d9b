import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentYearInAustria } from '@bauakte/domain/labels';
import { getSelectedProjectId } from '../../platform/project/project-selection';
import { json } from '../../test/api-stub';
import { GeneralPage } from './general-page';
import { field, press, renderStep } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stored = {
  buildingUsage: 'WOHNBAU',
  buildingtype: 'ECKHAUS',
  apartmentUnits: 'UNITS_3_9',
  renovatedUnits: 'AMOUNT_4',
  direction: 'SW',
  constructionYear: 1965,
  sealevel: 420,
  katastral: null,
};

const missingProjectText =
  'Fehler bei der Zuordnung zu einem Projekt. Sie werden auf Ihre Hauptseite umgeleitet. Sollte dieses Problem weiterhin bestehen, wenden Sie sich per Chatfunktion an Ihren Architekten.';

function setup(handlers: Parameters<typeof renderStep>[1]['handlers'] = {}, roles?: string[]) {
  return renderStep(<GeneralPage />, {
    path: '/general',
    roles,
    handlers: { 'GET /api/general/7': () => json(200, stored, { etag: '"4"' }), 'PUT /api/general/7': ({ body }) => json(200, body, { etag: '"5"' }), ...handlers },
  });
}

describe('GeneralPage', () => {
  it("shows 'Laden...', then the stored answers with German labels as step 1 of 4", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeTruthy();
    expect(screen.getByText('Schritt 1 von 4')).toBeTruthy();
    expect(screen.getByText('Laden...')).toBeTruthy();

    const usage = await screen.findByLabelText<HTMLSelectElement>('Gebäudenutzung');
    expect(usage.value).toBe('WOHNBAU');
    expect(usage.selectedOptions[0]?.textContent).toBe('Wohnbau');
    expect(field<HTMLSelectElement>('Gebäudetyp').value).toBe('ECKHAUS');
    expect(field<HTMLSelectElement>('Anzahl der Wohneinheiten').selectedOptions[0]?.textContent).toBe('3–9 Wohneinheiten');
    expect(field<HTMLSelectElement>('Zu sanierende Einheiten').value).toBe('AMOUNT_4');
    expect(field<HTMLSelectElement>('Ausrichtung der Hauptfassade').selectedOptions[0]?.textContent).toBe('Südwest');
    expect(field('Baujahr').value).toBe('1965');
    // Beside the one save button, the explanations of the building type and the facade's direction,
    // and a photo of the facade and of what tells the building's age.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Was bedeutet das? Erklärung zu „Gebäudetyp“',
      'Was bedeutet das? Erklärung zu „Ausrichtung der Hauptfassade“',
      'Foto hinzufügen zu „Ausrichtung der Hauptfassade“',
      'Foto hinzufügen zu „Baujahr“',
      'Speichern und Weiter',
    ]);
  });

  it('offers every choice in spec order behind an empty "Bitte wählen"', async () => {
    setup({ 'GET /api/general/7': () => json(200, {}) });
    const direction = await screen.findByLabelText<HTMLSelectElement>('Ausrichtung der Hauptfassade');
    expect([...direction.options].map((option) => option.textContent)).toEqual([
      'Bitte wählen', 'Nord', 'Nordwest', 'Nordost', 'Süd', 'Südost', 'Südwest', 'Ost', 'West',
    ]);
    expect(direction.value).toBe('');
    expect(field('Baujahr').value).toBe('');
  });

  it('shows a German message beside the year, focuses it and sends nothing', async () => {
    const { api } = setup();
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr');
    await userEvent.clear(year);
    await userEvent.type(year, '1200');
    await press('Speichern und Weiter');

    const message = await screen.findByText('Das Baujahr darf nicht vor 1300 liegen.');
    expect(screen.queryByText('Year must be at least 1300.')).toBeNull();
    expect(message.getAttribute('role')).toBe('alert');
    expect(year.getAttribute('aria-describedby')).toBe(message.id);
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(year);
    expect(api.callsTo('PUT', '/api/general/7')).toHaveLength(0);
    expect(screen.queryByText(/^Seite /)).toBeNull();
  });

  it('says in German that the year cannot lie in the future', async () => {
    setup();
    const year = await screen.findByLabelText<HTMLInputElement>('Baujahr');
    const nextYear = currentYearInAustria() + 1;
    await userEvent.clear(year);
    await userEvent.type(year, String(nextYear));
    await press('Speichern und Weiter');
    expect(await screen.findByText(`Das Baujahr darf nicht nach ${nextYear - 1} liegen.`)).toBeTruthy();
    expect(year.closest('form')?.noValidate).toBe(true);
  });

  it('sends only the changed answers, numbers as numbers and an emptied choice as null, with the loaded version as If-Match', async () => {
    const { api } = setup();
    await userEvent.selectOptions(await screen.findByLabelText('Gebäudetyp'), 'Bitte wählen');
    const year = field('Baujahr');
    await userEvent.clear(year);
    await userEvent.type(year, '1972');
    await press('Speichern und Weiter');

    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    const [save] = api.callsTo('PUT', '/api/general/7');
    expect(save?.body).toEqual({ buildingtype: null, constructionYear: 1972 });
    expect(save?.headers['if-match']).toBe('"4"');
  });

  it('says the project cannot be found on a 404 and offers the way home without the stale project', async () => {
    setup({ 'GET /api/general/7': () => json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' }) }, ['ARCHI']);
    expect(await screen.findByText('Dieses Projekt wurde nicht gefunden oder Sie haben keinen Zugriff darauf.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern und Weiter' })).toBeNull();
    await press('Zur Hauptseite');
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
    expect(getSelectedProjectId()).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers a retry when the answers cannot be loaded', async () => {
    let fail = true;
    setup({ 'GET /api/general/7': () => (fail ? json(500, { message: 'Fehler', code: 'INTERNAL_ERROR' }) : json(200, stored)) });
    expect(await screen.findByText('Die Antworten konnten nicht geladen werden.')).toBeTruthy();
    fail = false;
    await press('Erneut versuchen');
    expect((await screen.findByLabelText<HTMLSelectElement>('Gebäudenutzung')).value).toBe('WOHNBAU');
  });

  it('without a project shows the spec alert and goes to the dashboard after 500 ms', async () => {
    vi.useFakeTimers();
    const { api } = renderStep(<GeneralPage />, { path: '/general', handlers: {}, projectId: null });
    await act(async () => {});
    expect(screen.getByRole('alertdialog', { name: missingProjectText })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Seite /dashboardClient')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('Seite /dashboardClient')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('stays silent when Home suppressed the warning, and still leaves', async () => {
    vi.useFakeTimers();
    renderStep(<GeneralPage />, { path: '/general', handlers: {}, roles: ['ARCHI'], projectId: null, suppressed: true });
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(missingProjectText)).toBeNull();
    expect(screen.getByText('Seite /dashboard')).toBeTruthy();
  });
});

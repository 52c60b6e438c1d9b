import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { ClientProject } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import type { SessionUser } from '../../lib/token';
import { ModalHost } from '../../test/modal-host';
import { getSelectedProjectId } from '../../platform/project/project-selection';
import { ClientDashboardPage } from './client-dashboard-page';

function Elsewhere() {
  return <p>Seite {useLocation().pathname}</p>;
}

const projects: ClientProject[] = [
  { id: 3, name: 'Sanierung Annenstraße', description: '', progress: 40, address: { street: 'Annenstraße', number: '12', city: 'Graz', country: 'Österreich' } },
];

function setup(handlers: Parameters<typeof stubApi>[0] = {}, user: SessionUser | null = sessionUser('klara', ['CLIENT'])) {
  const api = stubApi({
    'GET /api/DashboardClient/dashi/klara': () => json(200, projects),
    'GET /api/dashboardLayout/client': () => json(200, []),
    ...handlers,
  });
  renderWithProviders(
    <ModalHost>
      <Routes>
        <Route path="/dashboardClient" element={<ClientDashboardPage />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </ModalHost>,
    { user, route: '/dashboardClient', path: '*' },
  );
  return api;
}

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => onlineManager.setOnline(online));
}

describe('ClientDashboardPage offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('shows its cards in their default places and says at once that the project list is not on the device; online the list comes in place', async () => {
    setConnection(false);
    setup();
    expect(await screen.findByText('Diese Projektliste ist auf diesem Gerät nicht gespeichert. Öffnen Sie das Dashboard einmal mit Verbindung, dann steht sie auch offline bereit.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Projektübersicht' })).toBeTruthy();
    expect(screen.queryByText('Laden...')).toBeNull();

    setConnection(true);
    expect(await screen.findByRole('button', { name: /^Sanierung Annenstraße/ })).toBeTruthy();
    expect(screen.queryByText(/nicht gespeichert/)).toBeNull();
  });
});

describe('ClientDashboardPage', () => {
  it("lists the client's projects with name and address and loads the client layout", async () => {
    const api = setup();
    const project = await screen.findByRole('button', { name: /^Sanierung Annenstraße/ });
    expect(project.textContent).toContain('Annenstraße 12, Graz, Österreich');
    expect(api.callsTo('GET', '/api/dashboardLayout/client')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Projektübersicht' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neuer Chat' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Benutzerinformationen' })).getByText('Kunde/Kundin')).toBeTruthy();
  });

  it("offers 'Fragebogen fortsetzen (40 %)' beside each project, which opens the first step with open questions", async () => {
    setup({
      'GET /api/questionnaire/3': () =>
        json(200, {
          general: { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965 },
          storeys: {},
          windows: {},
          heating: {},
        }),
    });
    const list = await screen.findByRole('list', { name: 'Projektübersicht' });
    const action = within(list).getByRole('button', { name: /^Fragebogen fortsetzen \(40\s%\)$/ });
    // Its own control, not nested in the row's button.
    expect(action.closest('button')?.parentElement?.closest('button')).toBeNull();
    await userEvent.click(action);
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    expect(getSelectedProjectId()).toBe('3');
  });

  it('stores the id of a clicked project and goes to /projectOverview', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: /^Sanierung Annenstraße/ }));
    expect(getSelectedProjectId()).toBe('3');
    expect(await screen.findByText('Seite /projectOverview')).toBeTruthy();
  });

  it('shows the empty state and the load error', async () => {
    setup({ 'GET /api/DashboardClient/dashi/klara': () => json(200, []) });
    expect(await screen.findByText('Ihnen ist noch kein Projekt zugeordnet.')).toBeTruthy();
    cleanup();

    setup({ 'GET /api/DashboardClient/dashi/klara': () => json(500, { message: 'x', code: 'INTERNAL_ERROR' }) });
    // The messages card, whose requests are not stubbed here, may show its own alert first.
    expect((await screen.findByText('Fehler beim Laden der Projekte.')).getAttribute('role')).toBe('alert');
  });

  it('asks to log in without a user', () => {
    const api = setup({}, null);
    expect(screen.getByText('Please log in to view your dashboard.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

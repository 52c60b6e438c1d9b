import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectSearchItem } from '@bauakte/domain/schemas';
import { json, stubApi, type RecordedCall } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { openProjectDelayMs, ProjectsModal } from './projects-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const project: ProjectSearchItem = {
  id: 7,
  name: 'Sanierung Annenstraße',
  customer: null,
  progress: 100,
  status: 'COMPLETE',
  address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: null, postalCode: '8020', country: 'Österreich' },
  changedAt: '2026-03-01T10:00:00.000Z',
};
const page = (items: ProjectSearchItem[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });

function setup(answer: (call: RecordedCall) => Response) {
  const api = stubApi({ 'GET /api/projects': answer });
  renderWithProviders(<ProjectsModal />, { user: sessionUser('mara', ['ARCHI']) });
  return api;
}

describe('ProjectsModal', () => {
  it('lists the projects with customer, status, progress and address', async () => {
    setup(() => page([project]));
    const row = (await screen.findByRole('rowheader', { name: 'Sanierung Annenstraße' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Nicht zugewiesen');
    expect(row.textContent).toContain('Vollständig');
    expect(row.textContent).toContain('100 %');
    expect(row.textContent).toContain('Annenstraße 12, 8020 Graz, Österreich');
  });

  it('shows loading, error and empty states', async () => {
    setup(() => page([]));
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Laden...');
    expect(await screen.findByText('Es gibt noch keine Projekte')).toBeTruthy();
    cleanup();
    setup(() => json(500, { message: 'x', code: 'INTERNAL_ERROR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Laden der Projekte');
  });

  it("stores 'projectId' and fully loads /projectOverview 300 ms after the click", async () => {
    sessionStorage.clear();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    setup(() => page([project]));
    const button = await screen.findByRole('button', { name: 'Sanierung Annenstraße' });
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(sessionStorage.getItem('projectId')).toBe('7');
    await act(async () => vi.advanceTimersByTime(openProjectDelayMs - 1));
    expect(assign).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/projectOverview');
  });

  it('searches, filters and sorts like the dashboard, and names customers by name', async () => {
    const gruber = { username: 'mgruber', firstName: 'Maria', lastName: 'Gruber' };
    const namesake = { username: 'mgruber2', firstName: 'Maria', lastName: 'Gruber' };
    const api = setup((call) =>
      call.path.includes('query=gruber') ? page([{ ...project, customer: gruber }, { ...project, id: 8, name: 'Zubau', customer: namesake }]) : page([project]),
    );
    await screen.findByRole('rowheader', { name: 'Sanierung Annenstraße' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Projekte durchsuchen' }), 'gruber');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sortieren nach' }), 'Name (A–Z)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Neu');
    await waitFor(() => expect(api.calls.at(-1)?.path).toBe('/api/projects?sort=name&page=1&pageSize=20&query=gruber&status=NEW'));
    const row = (await screen.findByRole('rowheader', { name: 'Zubau' })).closest('tr') as HTMLElement;
    // Two customers share the name: the username tells them apart.
    expect(row.textContent).toContain('Maria Gruber (mgruber2)');
  });
});

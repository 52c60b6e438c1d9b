import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Project } from '@bauakte/domain';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { openProjectDelayMs, ProjectsModal } from './projects-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const project: Project = {
  id: 7,
  name: 'Sanierung Annenstraße',
  description: '',
  assignedUser: null,
  creationName: 'mara',
  progress: 100,
  status: 'COMPLETE',
  address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: null, postalCode: '8020', country: 'Österreich' },
};

function setup(answer: () => Response) {
  stubApi({ 'GET /api/ProjectManagment/mara': answer });
  renderWithProviders(<ProjectsModal />, { user: sessionUser('mara', ['ARCHI']) });
}

describe('ProjectsModal', () => {
  it('lists the projects with customer, status, progress and address', async () => {
    setup(() => json(200, [project]));
    const row = (await screen.findByRole('rowheader', { name: 'Sanierung Annenstraße' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Nicht zugewiesen');
    expect(row.textContent).toContain('Vollständig');
    expect(row.textContent).toContain('100 %');
    expect(row.textContent).toContain('Annenstraße 12, 8020 Graz, Österreich');
  });

  it('shows loading, error and empty states', async () => {
    setup(() => json(200, []));
    expect(screen.getByRole('status').textContent).toBe('Laden...');
    expect(await screen.findByText('Es gibt noch keine Projekte')).toBeTruthy();
    cleanup();
    setup(() => json(500, { message: 'x', code: 'INTERNAL_ERROR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Laden der Projekte');
  });

  it("stores 'projectId' and fully loads /projectOverview 300 ms after the click", async () => {
    sessionStorage.clear();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    setup(() => json(200, [project]));
    const button = await screen.findByRole('button', { name: 'Sanierung Annenstraße' });
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(sessionStorage.getItem('projectId')).toBe('7');
    await act(async () => vi.advanceTimersByTime(openProjectDelayMs - 1));
    expect(assign).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/projectOverview');
  });
});

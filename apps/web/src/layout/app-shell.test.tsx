import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders, sessionUser } from '../test/render';
import { getSelectedProjectId, isMissingProjectWarningSuppressed, selectProject } from '../features/projects/project-selection';
import { AppShell, homeNavigationDelayMs } from './app-shell';

function Where() {
  return <p>Seite {useLocation().pathname}</p>;
}

function renderShell(roles: string[], route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>,
    { user: sessionUser('mara', roles), route, path: '*' },
  );
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AppShell', () => {
  it('shows the project section only while a project is chosen, and the welcome line', () => {
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    expect(screen.getByRole('link', { name: 'Stockwerke' }).getAttribute('href')).toBe('/storeys');
    expect(screen.getByText('Willkommen mara')).toBeTruthy();
  });

  it('Home first suppresses the missing-project warning, then after 100 ms clears the project and goes to the dashboard', async () => {
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(isMissingProjectWarningSuppressed()).toBe(true);
    expect(getSelectedProjectId()).toBe('7');
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs - 1));
    expect(screen.getByText('Seite /projectOverview')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(getSelectedProjectId()).toBeNull();
    expect(screen.getByText('Seite /dashboard')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stockwerke' })).toBeNull();
  });

  it('takes a client Home to /dashboardClient', async () => {
    renderShell(['CLIENT'], '/general');
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs));
    expect(screen.getByText('Seite /dashboardClient')).toBeTruthy();
  });

  it('Logout clears the project and logs out through the session', async () => {
    selectProject(7);
    const { session } = renderShell(['ARCHI'], '/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(getSelectedProjectId()).toBeNull();
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});

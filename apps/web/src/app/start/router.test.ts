import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../layout/app-shell', () => {
  loaded.push('shell');
  return { AppShell: () => null };
});
vi.mock('../../features/dashboard/client-dashboard-page', () => {
  loaded.push("client's dashboard");
  return { ClientDashboardPage: () => null };
});
vi.mock('../../features/dashboard/architect-dashboard-page', () => {
  loaded.push("architect's dashboard");
  return { ArchitectDashboardPage: () => null };
});
vi.mock('../../features/admin/admin-page', () => {
  loaded.push('admin page');
  return { AdminPage: () => null };
});

const { preloadStartPage } = await import('./router');

describe('preloadStartPage', () => {
  beforeEach(() => {
    loaded.length = 0;
  });

  // Modules load once per test file: the test that expects nothing loaded runs first.
  it('loads nothing for pages outside the shell or unknown paths', async () => {
    await Promise.all(['/login', '/impressum', '/register', '/toString', '/nirgends'].map(preloadStartPage));
    expect(loaded).toEqual([]);
  });

  it('loads the shell and the page the app opens on, and no other page, and says when they are here', async () => {
    await preloadStartPage('/dashboardClient');
    expect([...loaded].sort()).toEqual(["client's dashboard", 'shell']);
  });
});

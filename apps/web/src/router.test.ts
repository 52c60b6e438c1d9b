import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./layout/app-shell', () => {
  loaded.push('shell');
  return { AppShell: () => null };
});
vi.mock('./features/dashboard/client-dashboard-page', () => {
  loaded.push('client dashboard');
  return { ClientDashboardPage: () => null };
});
vi.mock('./features/admin/admin-page', () => {
  loaded.push('admin');
  return { AdminPage: () => null };
});

const { preloadStartPage } = await import('./router');

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('preloadStartPage', () => {
  beforeEach(() => {
    loaded.length = 0;
  });

  // Modules load once per test file: the test that expects nothing loaded runs first.
  it('loads nothing for pages outside the shell or unknown paths', async () => {
    for (const path of ['/login', '/impressum', '/toString', '/nirgends']) preloadStartPage(path);
    await settle();
    expect(loaded).toEqual([]);
  });

  it('starts loading the shell and the page a logged-in user opens, together', async () => {
    preloadStartPage('/dashboardClient');
    await settle();
    expect(loaded.sort()).toEqual(['client dashboard', 'shell']);
  });
});

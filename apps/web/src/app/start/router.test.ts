import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../layout/app-shell', () => {
  loaded.push('shell');
  return {};
});
vi.mock('../../features/dashboard/client-dashboard-page', () => {
  loaded.push("client's dashboard");
  return {};
});
vi.mock('../../features/dashboard/architect-dashboard-page', () => {
  loaded.push("architect's dashboard");
  return {};
});
vi.mock('../../features/admin/admin-page', () => {
  loaded.push('admin page');
  return {};
});

const { preloadStartPage } = await import('./router');

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('preloadStartPage', () => {
  beforeEach(() => {
    loaded.length = 0;
  });

  // Modules load once per test file: the test that expects nothing loaded runs first.
  it('loads nothing for pages outside the shell or unknown paths', async () => {
    for (const path of ['/login', '/impressum', '/register', '/toString', '/nirgends']) preloadStartPage(path);
    await settle();
    expect(loaded).toEqual([]);
  });

  it('starts loading the shell and the page the app opens on, and no other page', async () => {
    preloadStartPage('/dashboardClient');
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(["client's dashboard", 'shell']), { timeout: 15_000 });
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./layout/logged-in-pages', () => {
  loaded.push('logged-in pages');
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

  it('starts loading the logged-in pages when the app opens on one of them', async () => {
    preloadStartPage('/dashboardClient');
    await settle();
    expect(loaded).toEqual(['logged-in pages']);
  });
});

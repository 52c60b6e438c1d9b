import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state';

describe('sidebar state', () => {
  it('is open unless the cookie says false', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true; b=2')).toBe(true);
  });

  it('keeps the state in a cookie for 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('toggles with ctrl+B and cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'n', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

/** Spec sections 2 and 9: sidebar sizes, shortcut, cookie and the mobile breakpoint. */
export const sidebarCookieName = 'sidebar_state';
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7;
export const sidebarWidth = '16rem';
export const sidebarWidthMobile = '18rem';
export const sidebarWidthIcon = '3rem';
export const sidebarShortcutKey = 'b';
export const mobileBreakpointPx = 768;

export function readSidebarOpen(cookie: string): boolean {
  const entry = cookie.split('; ').find((part) => part.startsWith(`${sidebarCookieName}=`));
  return entry ? entry.slice(sidebarCookieName.length + 1) !== 'false' : true;
}

export function sidebarCookie(open: boolean): string {
  return `${sidebarCookieName}=${open}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}

export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key.toLowerCase() === sidebarShortcutKey && (event.ctrlKey || event.metaKey);
}

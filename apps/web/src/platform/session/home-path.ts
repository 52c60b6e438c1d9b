import { can } from '@bauakte/domain/labels';

/** Where a user starts after login (spec section 2): ADMIN → /admin, CLIENT → /dashboardClient, others → /dashboard. */
export function homePathFor(roles: readonly string[]): string {
  const user = { roles };
  if (can(user, 'manageTeams')) return '/admin';
  if (can(user, 'viewClientDashboard')) return '/dashboardClient';
  return '/dashboard';
}

/** The dashboard of a role, where a missing-project warning sends the user (ARCHI → /dashboard, else /dashboardClient). */
export function dashboardPathFor(roles: readonly string[]): string {
  return can({ roles }, 'viewArchitectDashboard') ? '/dashboard' : '/dashboardClient';
}

/** Where the questionnaire's last step returns to (spec section 2): /dashboardClient for clients, else /dashboard. */
export function questionnaireReturnPathFor(roles: readonly string[]): string {
  return can({ roles }, 'viewClientDashboard') ? '/dashboardClient' : '/dashboard';
}

/**
 * After login, a mail's link is followed rather than dropped: the user's own dashboard with a chat
 * (?chat=12) or a project overview (?projectId=7). Anything else goes to the role's start page.
 */
export function pathAfterLogin(roles: readonly string[], requested: string | undefined): string {
  const home = homePathFor(roles);
  if (!requested) return home;
  const [pathname, search = ''] = requested.split('?');
  const params = new URLSearchParams(search);
  const chatLink = pathname === home && /^\d+$/.test(params.get('chat') ?? '');
  const projectLink = pathname === '/projectOverview' && home !== '/admin' && /^\d+$/.test(params.get('projectId') ?? '');
  return chatLink || projectLink ? requested : home;
}

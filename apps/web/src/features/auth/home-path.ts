/** Where a user starts after login (spec section 2): ADMIN → /admin, CLIENT → /dashboardClient, others → /dashboard. */
export function homePathFor(roles: readonly string[]): string {
  if (roles.includes('ADMIN')) return '/admin';
  if (roles.includes('CLIENT')) return '/dashboardClient';
  return '/dashboard';
}

/** The dashboard of a role, where a missing-project warning sends the user (ARCHI → /dashboard, else /dashboardClient). */
export function dashboardPathFor(roles: readonly string[]): string {
  return roles.includes('ARCHI') ? '/dashboard' : '/dashboardClient';
}

/** Where the questionnaire's last step returns to (spec section 2): /dashboardClient for clients, else /dashboard. */
export function questionnaireReturnPathFor(roles: readonly string[]): string {
  return roles.includes('CLIENT') ? '/dashboardClient' : '/dashboard';
}

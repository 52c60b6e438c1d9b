import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session-context';

export type GuardDecision = 'login' | 'unauthorized' | 'allow';

/**
 * The guard of spec section 2, as a pure decision so it can be tested on its own. The spec's
 * 'Laden...' while the user loads never shows: the user is read from the stored token at once.
 */
export function decideAccess(roles: readonly string[] | null, allowed: readonly string[] | 'any'): GuardDecision {
  if (!roles) return 'login';
  if (allowed !== 'any' && !roles.some((role) => allowed.includes(role))) return 'unauthorized';
  return 'allow';
}

/** Renders the nested route only for a logged-in user holding one of the allowed roles. */
export function RequireRole({ allowed }: { allowed: readonly string[] | 'any' }) {
  const { user } = useSession();
  const location = useLocation();
  const decision = decideAccess(user?.roles ?? null, allowed);
  // The login may lead back here (a mail's link); pathAfterLogin decides what is followed.
  if (decision === 'login') return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

import { Navigate, Outlet } from 'react-router';
import { de } from '../../i18n/de';
import { useSession } from './session-context';

export type GuardDecision = 'loading' | 'login' | 'unauthorized' | 'allow';

/** The guard of spec section 2, as a pure decision so it can be tested on its own. */
export function decideAccess(state: { loading: boolean; roles: readonly string[] | null }, allowed: readonly string[] | 'any'): GuardDecision {
  if (state.loading) return 'loading';
  if (!state.roles) return 'login';
  if (allowed !== 'any' && !state.roles.some((role) => allowed.includes(role))) return 'unauthorized';
  return 'allow';
}

/** Renders the nested route only for a logged-in user holding one of the allowed roles. */
export function RequireRole({ allowed }: { allowed: readonly string[] | 'any' }) {
  const { user, loading } = useSession();
  const decision = decideAccess({ loading, roles: user?.roles ?? null }, allowed);
  if (decision === 'loading') return <p role="status">{de.guard.loading}</p>;
  if (decision === 'login') return <Navigate to="/login" replace />;
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

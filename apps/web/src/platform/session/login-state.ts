/**
 * What other pages hand the login page through the router state (never the URL): where the user
 * wanted to go, or the username of an account just registered.
 */
export interface LoginState {
  from?: string;
  registeredUsername?: string;
}

/** Reads the router state defensively: history entries may hold anything. */
export function readLoginState(state: unknown): LoginState {
  if (!state || typeof state !== 'object') return {};
  const { from, registeredUsername } = state as Record<string, unknown>;
  return {
    from: typeof from === 'string' ? from : undefined,
    registeredUsername: typeof registeredUsername === 'string' ? registeredUsername : undefined,
  };
}

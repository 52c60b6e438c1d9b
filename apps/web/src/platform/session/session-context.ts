import { createContext, useContext } from 'react';
import type { SessionUser } from '../../lib/token';

export interface SessionState {
  user: SessionUser | null;
  /**
   * Stores the token and sets the user; answers the user, or null if the token is unreadable. With
   * `remember` ('Auf diesem Gerät angemeldet bleiben') the token is kept for this device's later tabs.
   */
  startSession(token: string, remember?: boolean): SessionUser | null;
  /**
   * Calls the server, then removes what this browser keeps of the user, clears the session and fully
   * loads /login; without a connection it does so at once and the server is told later.
   */
  logout(): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

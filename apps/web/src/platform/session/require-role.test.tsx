import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { decideAccess, RequireRole } from './require-role';
import { SessionContext, type SessionState } from './session-context';
import type { SessionUser } from '../../lib/token';

describe('decideAccess', () => {
  it.each([
    [null, ['ARCHI'], 'login'],
    [['CLIENT'], ['ADMIN'], 'unauthorized'],
    [[], ['ADMIN'], 'unauthorized'],
    [['CLIENT'], ['ARCHI', 'CLIENT'], 'allow'],
    [['ADMIN'], 'any', 'allow'],
  ] as const)('%j with %j → %s', (roles, allowed, decision) => {
    expect(decideAccess(roles, allowed)).toBe(decision);
  });
});

function renderGuarded(user: SessionUser | null, allowed: string[] = ['ARCHI', 'CLIENT']) {
  const session: SessionState = { user, startSession: () => null, logout: async () => {} };
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<RequireRole allowed={allowed} />}>
            <Route path="/dashboard" element={<p>Geschützte Seite</p>} />
          </Route>
          <Route path="/login" element={<p>Anmeldeseite</p>} />
          <Route path="/unauthorized" element={<p>Kein Zugriff</p>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

const user = (roles: string[]): SessionUser => ({ username: 'mara', roles, roleText: roles.join(', '), token: 't' });

describe('RequireRole', () => {
  it('sends a visitor without a session to /login', () => {
    renderGuarded(null);
    expect(screen.getByText('Anmeldeseite')).toBeTruthy();
  });

  it('sends a user without an allowed role to /unauthorized', () => {
    renderGuarded(user(['ADMIN']));
    expect(screen.getByText('Kein Zugriff')).toBeTruthy();
  });

  it('renders the page for an allowed role', () => {
    renderGuarded(user(['CLIENT']));
    expect(screen.getByText('Geschützte Seite')).toBeTruthy();
  });
});

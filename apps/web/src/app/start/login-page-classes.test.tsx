import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { twMerge } from 'tailwind-merge';
import { Button } from '../../components/ui/button';
import { setClassMerge } from '../../lib/cn';
import { SessionProvider } from '../../platform/session/session-provider';
import { LoginPage } from './login-page';

/**
 * The login page renders before tailwind-merge has loaded (lib/cn.ts): every class list it builds
 * must be one the merge would leave as it is, else the page would look different once it has.
 */
const built: string[] = [];
const classSet = (classes: string) => [...new Set(classes.split(/\s+/).filter(Boolean))].sort().join(' ');
/** A class the merge would drop (a repeated one it only writes once). */
const conflicts = () => built.filter((classes) => classSet(twMerge(classes)) !== classSet(classes));

function renderLogin(state?: unknown) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  built.length = 0;
  setClassMerge((classes) => {
    built.push(classes);
    return classes;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setClassMerge(twMerge);
});

describe('the login page without the class merge', () => {
  it('builds no conflicting classes, as first shown and after a registration', () => {
    renderLogin();
    cleanup();
    renderLogin({ registeredUsername: 'mara' });
    expect(screen.getByText('Registrierung abgeschlossen — bitte melden Sie sich an')).toBeTruthy();
    expect(built.length).toBeGreaterThan(0);
    expect(conflicts()).toEqual([]);
  });

  it('builds no conflicting classes with field errors, a server error and a busy button', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderLogin();
    // The full form's classes are the ones at stake here: it has taken over once its code is there.
    await act(async () => {
      await import('../../features/login/login-form');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Bitte geben Sie Ihr Passwort ein.');
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Login' }).getAttribute('aria-busy')).toBe('true'));
    answer(new Response(JSON.stringify({ message: 'egal', code: 'INVALID_CREDENTIALS' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await screen.findByRole('alert');
    render(<Button busy className="w-full">Login</Button>);
    expect(conflicts()).toEqual([]);
  });
});

import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../app/start/login-page';
import { SessionProvider } from '../platform/session/session-provider';

/** For tests: the login page alone, as the app shows it before a login (its own session, no query cache). */
export function renderLoginPage() {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLoginPage } from '../../test/render-login-page';

// The form's code cannot be fetched (e.g. the connection dropped after the page came).
vi.mock('../../features/login/login-form', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

describe('the login page when its form code cannot be loaded', () => {
  it('keeps what was typed and says on Login that the server cannot be reached', async () => {
    renderLoginPage();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'mara');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Netzwerkfehler oder unbekannter Fehler/);
    expect(screen.getByLabelText<HTMLInputElement>('Benutzername').value).toBe('mara');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderLoginPage } from '../../test/render-login-page';

// The form's code arrives when the test lets it.
const code = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('../../features/login/login-form', async (importOriginal) => {
  await code.arrived;
  return importOriginal();
});

afterEach(cleanup);

/** Lets promise callbacks run, but no timer and nothing React schedules for later. */
async function settlePromises(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

describe('the login page when its form code arrives', () => {
  it('a Login pressed right after the code came stays under the pointer until it is released', async () => {
    renderLoginPage();
    const early = screen.getByRole('button', { name: 'Login' });
    code.arrive();
    // Import the actual module as the factory does, so that its own imports have loaded.
    await import('../../features/login/login-form');
    await settlePromises();

    const pressed = screen.getByRole('button', { name: 'Login' });
    fireEvent.pointerDown(pressed);
    // Everything the arrived code sets off, short of the release, has run.
    await act(settlePromises);
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(window);
    // The full form takes over.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).not.toBe(early));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

describe("'Auf diesem Gerät angemeldet bleiben' before the form code has arrived", () => {
  it('is off at first, and ticked in the early form it stays ticked when the full form takes over', async () => {
    renderLoginPage();
    const early = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' });
    expect(early.checked).toBe(false);
    fireEvent.click(early);
    code.arrive();
    await import('../../features/login/login-form');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' })).not.toBe(early));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' }).checked).toBe(true);
  });
});

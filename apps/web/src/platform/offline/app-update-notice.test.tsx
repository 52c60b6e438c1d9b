import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
import { AppUpdateNotice } from './app-update-notice';
import { announceWaitingVersion } from './app-update-state';

function DirtyForm() {
  useUnsavedChangesGuard(true);
  return <input aria-label="Notiz" defaultValue="Feuchte Wand im Keller" />;
}

afterEach(cleanup);

describe('AppUpdateNotice', () => {
  it('says nothing while no new version waits', () => {
    renderWithProviders(<AppUpdateNotice />);
    expect(screen.queryByText('Neue Version verfügbar')).toBeNull();
  });

  it("offers 'Neu laden' for a waiting version and switches only when asked", async () => {
    renderWithProviders(<AppUpdateNotice />);
    const activate = vi.fn();
    act(() => announceWaitingVersion(activate));
    expect(screen.getByText('Neue Version verfügbar').closest('[role="status"]')).not.toBeNull();
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it('asks before unsaved input would be lost, and keeps the old version when the user keeps editing', async () => {
    renderWithProviders(
      <>
        <DirtyForm />
        <AppUpdateNotice />
      </>,
    );
    const activate = vi.fn();
    act(() => announceWaitingVersion(activate));
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter bearbeiten' }));
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verwerfen' }));
    expect(activate).toHaveBeenCalledOnce();
  });
});

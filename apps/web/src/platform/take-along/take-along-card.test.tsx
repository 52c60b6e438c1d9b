import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionUser, testQueryClient } from '../../test/render';
import { holdKeyForTest } from '../offline/device-crypto';
import { removeReadCache, startReadCache } from '../offline/read-cache';
import { provideTakeAlongSources, type KeptProject, type TakeAlongProgress, type TakeAlongSources } from './take-along';
import { TakeAlongButton } from './take-along-button';
import { TakeAlongCard } from './take-along-card';

/** The keep itself is take-along.test.ts's: here it runs as far as the test lets it. */
const keep = vi.hoisted(() => ({ progress: undefined as ((progress: TakeAlongProgress) => void) | undefined, finish: undefined as ((kept: KeptProject) => void) | undefined }));
vi.mock('./take-along', async (original) => ({
  ...(await original<typeof import('./take-along')>()),
  takeAlong: (_sources: unknown, onProgress: (progress: TakeAlongProgress) => void) =>
    new Promise<KeptProject>((resolve) => {
      keep.progress = onProgress;
      keep.finish = resolve;
    }),
}));

const persist = vi.fn(async () => true);
// The keep itself is mocked: its sources are never asked for.
beforeAll(() => provideTakeAlongSources(async () => () => ({}) as TakeAlongSources));
let stopCache: () => void = () => undefined;

beforeEach(async () => {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ usage: 12.5 * 1024 * 1024, quota: 2 * 1024 ** 3 }), persist, persisted: async () => true },
  });
  holdKeyForTest('mara', await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));
});
afterEach(async () => {
  cleanup();
  stopCache();
  await removeReadCache('mara');
  holdKeyForTest('mara', undefined);
  Reflect.deleteProperty(navigator, 'storage');
});

describe('TakeAlongCard', () => {
  it('shows the progress, then when and how much is kept with the device’s storage, and removes it again', async () => {
    const queryClient = testQueryClient();
    stopCache = startReadCache(queryClient, 'mara');
    const user = userEvent.setup();
    renderWithProviders(<TakeAlongCard projectId="7" />, { user: sessionUser('mara', ['CLIENT']), queryClient });
    const card = screen.getByRole('region', { name: 'Offline verfügbar' });
    expect(await within(card).findByText('Speicher dieses Browsers: 12,5 MB von 2 GB belegt Der Browser bewahrt diese Daten dauerhaft auf.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Offline verfügbar machen' }));
    expect(persist).toHaveBeenCalled();
    // The keep starts once its sources' code is loaded.
    await vi.waitFor(() => expect(keep.progress).toBeDefined());
    act(() => keep.progress?.({ done: 3, total: 12 }));
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(card).getByRole('button', { name: 'Wird gespeichert …' }).hasAttribute('disabled')).toBe(true);

    await act(async () => keep.finish?.({ keptAt: new Date('2026-12-06T13:32:00Z').getTime(), bytes: 3.4 * 1024 * 1024, pagesKept: 40, pagesSkipped: 2, planKeys: ['12-1'], pictureKeys: ['12-1'] }));
    expect(await within(card).findByText(/^Offline verfügbar · Stand (\d{2}\.\d{2}\., )?14:32$/)).toBeTruthy();
    expect(within(card).getByText('Belegt auf diesem Gerät: 3,4 MB')).toBeTruthy();
    expect(within(card).getByText('2 Planseiten wurden nicht gespeichert (höchstens 40 Seiten je Plan und 250 MB je Projekt).')).toBeTruthy();
    expect(within(card).queryByRole('progressbar')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Offline-Daten entfernen' }));
    expect(await within(card).findByRole('button', { name: 'Offline verfügbar machen' })).toBeTruthy();
    expect(within(card).queryByText(/^Offline verfügbar · Stand/)).toBeNull();
  });
});

describe('TakeAlongButton', () => {
  it("takes a project of a list along, shows the progress and then since when it is kept", async () => {
    const queryClient = testQueryClient();
    stopCache = startReadCache(queryClient, 'mara');
    const user = userEvent.setup();
    renderWithProviders(<TakeAlongButton projectId={7} projectName="Sanierung Annenstraße" />, { user: sessionUser('mara', ['CLIENT']), queryClient });

    const button = screen.getByRole('button', { name: 'Offline verfügbar machen' });
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText('Sanierung Annenstraße').id);
    await user.click(button);
    expect(persist).toHaveBeenCalled();
    await vi.waitFor(() => expect(keep.progress).toBeDefined());
    act(() => keep.progress?.({ done: 1, total: 4 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    await act(async () => keep.finish?.({ keptAt: new Date('2026-12-06T13:32:00Z').getTime(), bytes: 1024, pagesKept: 1, pagesSkipped: 0, planKeys: [], pictureKeys: [] }));
    expect(await screen.findByText(/^Offline verfügbar · Stand (\d{2}\.\d{2}\., )?14:32$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Offline verfügbar machen/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

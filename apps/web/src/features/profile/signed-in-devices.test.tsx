import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignedInDevice } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { SignedInDevices } from './signed-in-devices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const phone: SignedInDevice = {
  id: 'handy',
  browser: 'Chrome',
  system: 'Android',
  remembered: true,
  signedInSince: '2026-11-02T08:15:00.000Z',
  lastUsed: '2026-12-05T16:40:00.000Z',
  current: false,
};
const desk: SignedInDevice = { ...phone, id: 'hier', browser: 'Firefox', system: 'Windows', remembered: false, current: true };
const unknown: SignedInDevice = { ...phone, id: 'alt', browser: null, system: null };

function setup() {
  let devices = [desk, phone, unknown];
  const api = stubApi({
    'GET /api/auth/devices/mara': () => json(200, devices),
    'DELETE /api/auth/devices/mara/handy': () => {
      devices = devices.filter((device) => device.id !== 'handy');
      return noContent();
    },
    'DELETE /api/auth/devices/mara': () => noContent(),
  });
  const rendered = renderWithProviders(<SignedInDevices username="mara" />, { user: sessionUser('mara', ['ARCHI']) });
  return { api, ...rendered };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe("'Angemeldete Geräte'", () => {
  it('lists each device with browser and system, since when and when last used, and marks this one', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeTruthy();
    const row = await rowOf('Chrome auf Android');
    expect(row.textContent).toContain('Angemeldet seit 02.11.2026');
    expect(row.textContent).toContain('Zuletzt verwendet 05.12.2026');
    expect(row.textContent).not.toContain('Dieses Gerät');
    expect((await rowOf('Firefox auf Windows')).textContent).toContain('Dieses Gerät');
    expect(await screen.findByText('Unbekannter Browser auf unbekanntem System')).toBeTruthy();
  });

  it('signs out another device after asking, and it leaves the list', async () => {
    const { api } = setup();
    await userEvent.click(within(await rowOf('Chrome auf Android')).getByRole('button', { name: 'Abmelden' }));
    const question = await screen.findByRole('alertdialog', { name: 'Chrome auf Android abmelden?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Chrome auf Android wurde abgemeldet.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/auth/devices/mara/handy')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByText('Chrome auf Android', { selector: 'span' })).toBeNull());
  });

  it("signs out this device by the session's logout, which clears what it keeps", async () => {
    const { api, session } = setup();
    await userEvent.click(within(await rowOf('Firefox auf Windows')).getByRole('button', { name: 'Abmelden' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Dieses Gerät abmelden?' })).getByRole('button', { name: 'Abmelden' }));
    await vi.waitFor(() => expect(session.logout).toHaveBeenCalled());
    expect(api.callsTo('DELETE', '/api/auth/devices/mara/hier')).toHaveLength(0);
  });

  it("'Auf allen Geräten abmelden' signs out the others, then this one", async () => {
    const { api, session } = setup();
    await screen.findByText('Chrome auf Android');
    await userEvent.click(screen.getByRole('button', { name: 'Auf allen Geräten abmelden' }));
    expect(session.logout).not.toHaveBeenCalled();
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Auf allen Geräten abmelden?' })).getByRole('button', { name: 'Auf allen Geräten abmelden' }));
    await vi.waitFor(() => expect(session.logout).toHaveBeenCalled());
    expect(api.callsTo('DELETE', '/api/auth/devices/mara')).toHaveLength(1);
  });
});

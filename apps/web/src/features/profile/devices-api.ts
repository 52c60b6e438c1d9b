import type { SignedInDevice } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';

export const devicesKey = (username: string) => ['devices', username.toLowerCase()] as const;

const path = (username: string) => `/auth/devices/${encodeURIComponent(username)}`;

export function fetchDevices(username: string): Promise<SignedInDevice[]> {
  return apiRequest<SignedInDevice[]>(path(username));
}

export function endDevice(username: string, deviceId: string): Promise<void> {
  return apiRequest<void>(`${path(username)}/${encodeURIComponent(deviceId)}`, { method: 'DELETE' });
}

/** Every other device; this one is then logged out as usual. */
export function endOtherDevices(username: string): Promise<void> {
  return apiRequest<void>(path(username), { method: 'DELETE' });
}

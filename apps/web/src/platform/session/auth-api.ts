import type { CurrentUser, DeviceKey, LoginRequest, LoginResponse } from '@bauakte/domain/schemas';
import { apiBase, apiRequest } from '../../lib/api';

export function login(request: LoginRequest): Promise<Partial<LoginResponse>> {
  return apiRequest<Partial<LoginResponse>>('/auth/login', { method: 'POST', body: request, anonymous: true });
}

export function logout(username: string): Promise<void> {
  return apiRequest<void>(`/auth/logout/${encodeURIComponent(username)}`, { method: 'POST' });
}

/**
 * Tells the server of a logout made on the device without a connection: it ends the named session.
 * Sent without the Authorization header, so it never ends whichever session is open now.
 */
export function tellLogout(username: string, sessionId: string): Promise<void> {
  return apiRequest<void>(`/auth/logout/${encodeURIComponent(username)}`, { method: 'POST', body: { sessionId }, anonymous: true });
}

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/auth/me');
}

/**
 * The unload beacon (spec section 4). A beacon cannot carry an Authorization header, so the token
 * travels in the body; the server ends the session a minute later unless this tab comes back.
 */
export function sendLogoutBeacon(username: string, token: string): void {
  const body = new Blob([JSON.stringify({ token })], { type: 'application/json' });
  navigator.sendBeacon(`${apiBase}/auth/logout/${encodeURIComponent(username)}`, body);
}

/** This device's key for what it keeps of the user: the same at every login of this user here. */
export function fetchDeviceKey(username: string, deviceId: string): Promise<DeviceKey> {
  return apiRequest<DeviceKey>(`/auth/device-key/${encodeURIComponent(username)}`, { method: 'POST', body: { deviceId } });
}

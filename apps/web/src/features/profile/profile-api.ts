import type { Profile, ProfileUpdateRequest } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';

export const profileKey = (username: string) => ['profile', username.toLowerCase()] as const;

const path = (username: string) => `/profil/${encodeURIComponent(username)}`;

export function fetchProfile(username: string): Promise<Profile> {
  return apiRequest<Profile>(path(username));
}

export function saveProfile(username: string, request: ProfileUpdateRequest): Promise<Profile> {
  return apiRequest<Profile>(path(username), { method: 'PUT', body: request });
}

export function deleteProfile(username: string): Promise<void> {
  return apiRequest<void>(path(username), { method: 'DELETE' });
}

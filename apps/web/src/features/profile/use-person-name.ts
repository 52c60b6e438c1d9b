import { useQuery } from '@tanstack/react-query';
import { participantName } from '@bauakte/domain/labels';
import { fetchProfile, profileKey } from './profile-api';

/**
 * A person's first and last name from their profile (shared with the profile dialog's cache); the
 * username while the profile loads or when it cannot be read, so a name is always shown.
 */
export function usePersonName(username: string | null | undefined): string | undefined {
  const profile = useQuery({
    queryKey: profileKey(username ?? ''),
    queryFn: () => fetchProfile(username ?? ''),
    enabled: Boolean(username),
    retry: false,
  });
  if (!username) return undefined;
  return profile.data ? participantName(profile.data) : username;
}

import { api } from '@cc/client';

export interface ProfileAnswer {
  success: true;
  profile?: Record<string, unknown> | null;
}

/** `GET /profile` (svc-people: the About me profile). */
export function fetchProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return api.get<ProfileAnswer>('/profile', { signal });
}

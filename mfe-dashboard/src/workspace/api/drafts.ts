import { api } from '@cc/client';

/**
 * `POST /profile/generate_file_draft {system?, user?, folder, name, description}` → `{success, draft}`.
 * Aborting `signal` cancels the model call on the server too.
 */
export function generateFileDraft(
  input: { folder: string; name: string; description: string; system?: string; user?: string },
  signal?: AbortSignal,
) {
  const { folder, name, description, system, user } = input;
  const body = { folder, name, description, ...(system !== undefined ? { system } : {}), ...(user !== undefined ? { user } : {}) };
  return api.call('POST /profile/generate_file_draft', { body }, { signal });
}

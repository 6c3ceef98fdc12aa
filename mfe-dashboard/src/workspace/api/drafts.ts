import { api } from '@cc/client';
import type { DraftAnswer } from '@cc/contracts';

/**
 * `POST /profile/generate_file_draft {system?, user?, folder, name, description}` → `{success, draft}`.
 * Aborting `signal` cancels the model call on the server too.
 */
export function generateFileDraft(
  input: { folder: string; name: string; description: string; system?: string; user?: string },
  signal?: AbortSignal,
): Promise<DraftAnswer> {
  const body: Record<string, string> = { folder: input.folder, name: input.name, description: input.description };
  if (input.system !== undefined) body.system = input.system;
  if (input.user !== undefined) body.user = input.user;
  return api.post<DraftAnswer>('/profile/generate_file_draft', body, { signal });
}

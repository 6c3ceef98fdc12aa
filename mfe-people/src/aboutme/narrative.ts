import type { QueryClient } from '@tanstack/react-query';
import { PROFILE_DELAYS_MS as D } from '@cc/contracts/profile-rules';
import { generateNarrative, readProfileNow } from './api/profile';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes the executive summary (docs/about-me.md#generation). When the call fails, the profile is polled
 * every 2 s for up to 20 s (another tab or a slow answer may still store it); a narrative that
 * was already there before this generation does not count. Null: none arrived.
 */
export async function writeNarrative(queryClient: QueryClient, previous: string, alive: () => boolean): Promise<string | null> {
  try {
    return await generateNarrative(queryClient);
  } catch {
    for (let waited = 0; waited < D.narrativePollMax && alive();) {
      await sleep(D.narrativePoll);
      waited += D.narrativePoll;
      try {
        const profile = await readProfileNow(queryClient);
        if (profile.ai_profile_narrative && profile.ai_profile_narrative !== previous) return profile.ai_profile_narrative;
      } catch {
        // A failed poll is one more try gone; the next may answer.
      }
    }
    return null;
  }
}

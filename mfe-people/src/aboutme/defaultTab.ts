import type { Profile } from './api/profile';

export type AboutMeTab = 'edit' | 'ai';

/** Opened by default, the AI tab when a narrative or markdown exists; otherwise Edit (docs/about-me.md#opening). */
export function defaultTab(profile: Pick<Profile, 'ai_profile_narrative' | 'ai_profile_markdown'>): AboutMeTab {
  return profile.ai_profile_narrative.trim() || profile.ai_profile_markdown.trim() ? 'ai' : 'edit';
}

/** Offline information-gathering plan: the user's goal, matched to a theme with its questions, sources and files. */
import { z } from 'zod';
import coachingThemes from '../guides/coaching-themes.json' with { type: 'json' };
import { truncate } from '../text';

const themeRow = z.strictObject({
  questions: z.array(z.string().min(1)).min(1),
  sources: z.array(z.string().min(1)).min(1),
  files: z.array(z.string().min(1)).min(1),
});
type Theme = z.infer<typeof themeRow>;

/**
 * The themes a goal can match (guides/coaching-themes.json): the first whose `match`, a
 * case-insensitive regular expression's source, finds something in the goal; else the general one.
 */
const data = z.strictObject({ themes: z.array(themeRow.extend({ match: z.string().min(1) })), general: themeRow }).parse(coachingThemes);
const THEMES = data.themes.map((t) => ({ ...t, match: new RegExp(t.match, 'i') }));
const GENERAL: Theme = data.general;

export function offlineCoachingPlan(prompt: string): string {
  const theme = THEMES.find((t) => t.match.test(prompt)) ?? GENERAL;
  const goal = truncate(prompt, 400) || 'Get clear on your next career step.';
  return [
    '# Information-gathering plan',
    '',
    '## Your goal',
    goal,
    '',
    '## Questions to answer',
    ...theme.questions.map((q) => `- ${q}`),
    '',
    '## People and sources',
    ...theme.sources.map((s) => `- ${s}`),
    '',
    '## Files to keep in your workspace',
    ...theme.files.map((f) => `- ${f}`),
    '',
    '## First steps this week',
    `- Write two sentences in ${theme.files[0]} about where you stand today`,
    `- Book one conversation with: ${theme.sources[0]!.toLowerCase()}`,
    '- Answer the first question above in writing before that conversation',
    '',
  ].join('\n');
}

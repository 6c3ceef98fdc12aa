import type { PersonContext } from '../types';

/**
 * What the web search is asked about a person: who they are professionally, with every fact
 * cited, and honest about namesakes (a search by name finds other people too).
 */
export function personResearchPrompt(person: PersonContext): { system: string; query: string } {
  const known = Object.entries(person.profile ?? {})
    .filter(([k]) => /^(role|company|team|location)/i.test(k))
    .map(([k, v]) => `${k}: ${v}`);
  return {
    system: [
      'You research a professional contact so the user can prepare to work with them.',
      'Answer in short markdown: current role and company, career background, recent news, talks or writing, and what they seem to care about professionally.',
      'Cite every fact with a numbered marker like [1] that refers to your sources. Do not invent facts.',
      'If the sources may describe a different person with the same name, say so plainly.',
    ].join(' '),
    query: [`Who is ${person.fullName}?`, ...(known.length ? [`What the user knows: ${known.join('; ')}.`] : [])].join(' '),
  };
}

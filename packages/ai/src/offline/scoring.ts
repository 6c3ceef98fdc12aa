/**
 * Offline scoring of a reflection, 0-100: rewards what a coach would ask for (substance,
 * a concrete example, numbers, the person's own actions, the outcome, a lesson, a next step,
 * and staying on the question), and says what would raise the score most.
 */
import { STAR_KEYWORDS } from '../star';
import { normalizeForCompare, words } from '../text';
import type { ScoreInput, ScoreResult } from '../types';
import { REFLECTION_OPENER } from './facts';

interface Criterion {
  points: number;
  test: (text: string, question: string) => boolean;
  praise: string;
  advice: string;
}

const STOP_WORDS = new Set(
  'the a an and or but of to in on at for with about what how why when who which your you my i me we our is are was were be been do did does this that these those it its as by from have has had can could would should will'.split(
    ' ',
  ),
);

function relevance(text: string, question: string): number {
  const q = new Set(
    normalizeForCompare(question)
      .split(' ')
      .filter((w) => w.length > 3 && !STOP_WORDS.has(w)),
  );
  if (!q.size) return 1;
  const t = new Set(normalizeForCompare(text).split(' '));
  return [...q].filter((w) => t.has(w) || t.has(`${w}s`) || t.has(w.replace(/s$/, ''))).length / q.size;
}

const CRITERIA: Criterion[] = [
  {
    points: 12,
    test: (t) =>
      /\b(for example|for instance|e\.g\.|when I|last (week|month|year|quarter)|yesterday|today|this (week|morning)|on (monday|tuesday|wednesday|thursday|friday))\b/i.test(
        t,
      ),
    praise: 'a concrete example',
    advice: 'Add one concrete example: when it happened and what exactly took place.',
  },
  {
    points: 12,
    test: (t) => /\d/.test(t),
    praise: 'specific numbers',
    advice: 'Put a number on it (time saved, people involved, percentage, deadline) so the impact is measurable.',
  },
  {
    points: 10,
    test: (t) => STAR_KEYWORDS.action.test(t) || /\bI (was|am|have|had|did|do|made|make|will|want|need)\b/.test(t),
    praise: 'your own role',
    advice: 'Say what you personally did or decided, in the first person.',
  },
  {
    points: 10,
    test: (t) => STAR_KEYWORDS.result.test(t) || /\b(outcome|impact|changed|worked|helped)\b/i.test(t),
    praise: 'the outcome',
    advice: 'Describe the outcome: what changed because of it?',
  },
  {
    points: 10,
    test: (t) => /\b(learn\w*|realiz\w*|realis\w*|noticed|because|lesson|insight|differently|understood)\b/i.test(t),
    praise: 'a reflection on why',
    advice: 'Add what you learned or why it went the way it did.',
  },
  {
    points: 8,
    test: (t) => /\b(next|will|plan to|going to|tomorrow|from now on|commit\w*)\b/i.test(t),
    praise: 'a next step',
    advice: 'Finish with one next step you will take, and when.',
  },
];

export function offlineScore({ question, answer, history }: ScoreInput): ScoreResult {
  const said = [...history.filter((m) => m.role === 'user').map((m) => m.content), answer]
    .filter((t) => t.trim() && !REFLECTION_OPENER.test(t.trim()))
    .join('\n');
  const count = words(said).length;
  if (!count) return { score: 0, feedback: 'There is no answer to score yet. Start with what happened, in a sentence or two.' };

  // Substance: up to 30 points, reached at about 80 words.
  let score = Math.min(30, Math.round((count / 80) * 30));
  const met: Criterion[] = [];
  const missing: Criterion[] = [];
  for (const c of CRITERIA) (c.test(said, question) ? met : missing).push(c);
  // A bare "yes, I did" cannot earn criteria points: they need a few words of substance.
  const scale = Math.min(1, count / 12);
  score += Math.round(met.reduce((sum, c) => sum + c.points, 0) * scale);
  score += Math.round(relevance(said, question) * 8 * scale);
  score = Math.max(0, Math.min(100, score));

  const strengths = met.map((c) => c.praise);
  const praise = strengths.length
    ? `Good: you included ${strengths.length > 1 ? `${strengths.slice(0, -1).join(', ')} and ${strengths[strengths.length - 1]}` : strengths[0]}.`
    : count < 12
      ? 'This is a start, but it is very brief.'
      : 'You have described the situation.';
  const next = count < 25 ? 'Say more: a few sentences about what happened and why it mattered.' : missing[0]?.advice;
  return { score, feedback: next ? `${praise} ${next}` : `${praise} This is a thorough, well-grounded answer.` };
}

/**
 * Offline scoring of a reflection, 0-100: rewards what a coach would ask for (substance,
 * a concrete example, numbers, the person's own actions, the outcome, a lesson, a next step,
 * and staying on the question), and says what would raise the score most.
 */
import { STAR_KEYWORDS } from '@cc/contracts/star';
import { normalizeForCompare, words } from '../text';
import type { ScoreInput, ScoreResult } from '../types';
import { REFLECTION_OPENER } from './facts';

/** What a user recognises in a good reflection: it is specific, concrete and complete. */
type Dimension = 'specific' | 'concrete' | 'complete';

interface Criterion {
  dimension: Dimension;
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

/**
 * A moment the user was in: "in Tuesday's demo", "at the offsite", "during the incident
 * review", "on the 12th", "when the client asked". That is an example even without "for example".
 */
const MOMENT =
  /\b((in|at|during|after|before) (the|our|my|a|this|that|last|yesterday's|today's|\w+day's) ([\w-]+ ){0,2}(meeting|review|1:1|one-on-one|standup|stand-up|demo|call|retro|retrospective|offsite|workshop|interview|presentation|sync|kickoff|kick-off|launch|incident|outage|sprint|all-hands|session|planning|1:1s)|on the \d{1,2}(st|nd|rd|th)|when (the|our|my|we|they|she|he|a|an|it) \w+|at one point|the other day|that (day|morning|afternoon|evening))\b/i;

/** The user's own part in the past tense, beyond the STAR verbs: "I showed", "I walked them through". */
const DID =
  /\bI (\w+ed|ran|led|took|made|gave|showed|shown|wrote|sent|spoke|met|told|got|found|built|brought|kept|put|set|held|chose|drove|said|saw|sold|spent|taught|won|went|began|stood|caught|left|paid|did)\b/;

const CRITERIA: Criterion[] = [
  {
    dimension: 'concrete',
    points: 12,
    test: (t) =>
      /\b(for example|for instance|e\.g\.|when I|last (week|month|year|quarter)|yesterday|today|this (week|morning)|on (monday|tuesday|wednesday|thursday|friday))\b/i.test(
        t,
      ) || MOMENT.test(t),
    praise: 'a concrete example',
    advice: 'Add one concrete example: when it happened and what exactly took place.',
  },
  {
    dimension: 'specific',
    points: 12,
    // A number, in digits or words, a day or a person's name ("Marcus", "before Friday", "two changes").
    test: (t) =>
      /\d/.test(t) ||
      /\b(two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|hundred|twice|half|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.test(
        t,
      ) ||
      /[a-z,;]\s+[A-Z][a-z]{2,}\b/.test(t.replace(/\bI\b/g, 'i')),
    praise: 'specific details',
    advice: 'Put a number on it (time saved, people involved, percentage, deadline) so the impact is measurable.',
  },
  {
    dimension: 'concrete',
    points: 10,
    // Their own part, said in the first person, also as hindsight ("I should have flagged it").
    test: (t) =>
      STAR_KEYWORDS.action.test(t) ||
      /\bI (was|am|have|had|did|do|made|make|will|want|need|should|could|would|tried|decided|asked|told|sent|wrote|missed|flagged|froze)\b/.test(
        t,
      ) ||
      DID.test(t),
    praise: 'your own role',
    advice: 'Say what you personally did or decided, in the first person.',
  },
  {
    dimension: 'complete',
    points: 10,
    test: (t) => STAR_KEYWORDS.result.test(t) || /\b(outcome|impact|changed|worked|helped|saves|agreed|signed|adopted|approved)\b/i.test(t),
    praise: 'the outcome',
    advice: 'Describe the outcome: what changed because of it?',
  },
  {
    dimension: 'complete',
    points: 10,
    test: (t) => /\b(learn\w*|realiz\w*|realis\w*|noticed|because|lesson|insight|differently|understood)\b/i.test(t),
    praise: 'a reflection on why',
    advice: 'Add what you learned or why it went the way it did.',
  },
  {
    dimension: 'complete',
    points: 8,
    test: (t) => /\b(next|will|plan to|going to|tomorrow|from now on|commit\w*)\b/i.test(t),
    praise: 'a next step',
    advice: 'Finish with one next step you will take, and when.',
  },
];

/**
 * The user's whole answer in this conversation: every message of theirs but the automatic opener,
 * so a follow-up that completes an answer raises the score and a short "Yes, that's it." keeps it.
 */
export function answerOf({ answer, history }: Pick<ScoreInput, 'answer' | 'history'>): string {
  const earlier = history.filter((m) => m.role === 'user').map((m) => m.content);
  // A caller that already put the latest message in the history does not count it twice.
  const all = earlier.at(-1)?.trim() === answer.trim() ? earlier : [...earlier, answer];
  return all.filter((t) => t.trim() && !REFLECTION_OPENER.test(t.trim())).join('\n');
}

export function offlineScore({ question, answer, history }: ScoreInput): ScoreResult {
  const said = answerOf({ answer, history });
  const count = words(said).length;
  // Nothing said but the automatic first message: no answer, so no score (a 0 would be averaged).
  if (!count) return { score: null, feedback: '' };

  // Substance: up to 30 points, reached at about 80 words.
  let score = Math.min(30, Math.round((count / 80) * 30));
  const met: Criterion[] = [];
  const missing: Criterion[] = [];
  for (const c of CRITERIA) (c.test(said, question) ? met : missing).push(c);
  // A bare "yes, I did" cannot earn criteria points: they need a few words of substance.
  const scale = Math.min(1, count / 12);
  score += Math.round(met.reduce((sum, c) => sum + c.points, 0) * scale);
  const onQuestion = relevance(said, question);
  score += Math.round(onQuestion * 8 * scale);
  score = Math.max(0, Math.min(100, score));

  return { score, feedback: feedbackFor(count, met, missing, onQuestion) };
}

const joined = (items: string[], and = 'and') =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}` : (items[0] ?? '');

/**
 * Why the score is what it is, in the three things a user recognises (specific, concrete,
 * complete), then the one change that would raise it most.
 */
function feedbackFor(count: number, met: Criterion[], missing: Criterion[], onQuestion: number): string {
  if (count < 12) {
    return 'This is a start, but it is very brief, so it is not yet specific, concrete or complete. Say more: a few sentences about what happened and why it mattered.';
  }
  const has = (d: Dimension) => met.filter((c) => c.dimension === d).map((c) => c.praise);
  const lacks = (d: Dimension) => missing.filter((c) => c.dimension === d).map((c) => c.praise);
  const specific = has('specific');
  const concrete = has('concrete');
  const complete = has('complete');
  const verdicts = [
    specific.length && onQuestion >= 0.3
      ? `Specific: yes, with ${joined(specific)}.`
      : specific.length
        ? // The details are there; what falls short is how much of the answer is about the question asked.
          'Specific: partly; there are numbers, names or dates, but little of the answer speaks to the question itself.'
        : 'Specific: not yet; no numbers, names or dates.',
    concrete.length === 2
      ? `Concrete: yes, ${joined(concrete)}.`
      : concrete.length
        ? `Concrete: partly; you give ${joined(concrete)} but not ${joined(lacks('concrete'), 'or')}.`
        : 'Concrete: not yet; no real example or your own part in it.',
    complete.length === 3
      ? 'Complete: yes, the outcome, why and what comes next.'
      : complete.length
        ? `Complete: partly; you cover ${joined(complete)} but not ${joined(lacks('complete'), 'or')}.`
        : 'Complete: not yet; no outcome, lesson or next step.',
  ];
  const next = count < 25 ? 'Say more: a few sentences about what happened and why it mattered.' : missing[0]?.advice;
  return `${verdicts.join(' ')} ${next ? `To raise the score: ${next}` : 'This is a thorough, well-grounded answer.'}`;
}

/**
 * A workback plan's five todo titles (docs/planning.md#workback-plans): short imperatives a
 * person would write, made from the goal's verb and object (goal-phrases.ts), from defining
 * success to the last check before the target date.
 */
import { capitalize, truncate } from './text';
import { personIn, readGoal, type Goal } from './goal-phrases';
import { gerund, MAKE_BUILDS, MAKE_DRAFTS, MAKE_PLANS } from './goal-verbs';
import { conversationOf, join, manager, verbPhrase, WH } from './goal-steps';

/**
 * A long object cut where its qualifiers start ("my first ninety days as product manager" → "my
 * first ninety days"), else by its last noun, so a todo title stays short.
 */
const short = (object: string) => {
  const words = object.split(' ');
  if (words.length <= 5) return object;
  const cut = words.findIndex((w, i) => i > 1 && /^(?:as|of|for|with|at|in|about|after|before|during|to|on)$/i.test(w));
  return cut > 1 && cut <= 5 ? words.slice(0, cut).join(' ') : `the ${words.at(-1)}`;
};
/** An event by its kind once it has been named: "the onsite interview at Northwind" → "the interview". */
const EVENT_NOUN =
  /\b(interview|exam|review|presentation|talk|demo|pitch|offsite|conference|keynote|workshop|assessment|panel|meeting|retro(?:spective)?|1:1)\b/i;
const eventName = (event: string) => {
  const noun = EVENT_NOUN.exec(event)?.[1];
  return noun ? `the ${noun.toLowerCase()}` : event;
};

/** A workback plan's five steps, from today (defining success) to the day before the target (the last check). */
export function workbackTitles(g: Goal): [string, string, string, string, string] {
  const thing = short(g.object);
  switch (g.kind) {
    case 'promotion':
      return [
        `Define what ${g.role ? `the ${g.role} level` : 'the next level'} looks like`,
        `Ask ${manager(g)} what the promotion needs`,
        'Draft the promotion case',
        'Get feedback on the promotion case',
        'Check the promotion case is ready',
      ];
    case 'newjob':
      return [
        `Ask ${manager(g)} what success looks like in this role`,
        'Meet the people my work depends on',
        'Pick one early win and start it',
        `Share what I have learned so far with ${manager(g)}`,
        'Write down my plan for the next quarter',
      ];
    case 'job':
      return [
        'Define the role I want next',
        'List target companies and who I know there',
        'Apply to the first roles',
        'Practise my interview stories',
        'Follow up on open applications',
      ];
    case 'prepare': {
      // Named in full once; after that by its kind, so five titles do not repeat the goal.
      const event = join(thing, g.tail);
      const it = eventName(event);
      return [
        `Find out what ${event} will cover`,
        `Gather the material for ${it}`,
        `Prepare my main points for ${it}`,
        `Rehearse for ${it} with someone`,
        `Do a final run-through for ${it}`,
      ];
    }
    case 'present':
      return [
        `Define the one message of ${thing}`,
        `Outline ${thing}`,
        `Draft the slides for ${thing}`,
        `Rehearse ${thing} with someone`,
        `Do a final run-through of ${thing}`,
      ];
    case 'deliver':
      return [
        `Define what done looks like for ${thing}`,
        `List what ${thing} still needs`,
        `Finish the main work on ${thing}`,
        `Get feedback on ${thing}`,
        `Check ${thing} is ready to ${g.verb}`,
      ];
    case 'make':
      return [
        `Define what done looks like for ${thing}`,
        `Gather what ${thing} needs`,
        MAKE_PLANS.has(g.verb)
          ? `Draft the plan for ${thing}`
          : MAKE_BUILDS.has(g.verb)
            ? `Build a first version of ${thing}`
            : MAKE_DRAFTS.has(g.verb)
              ? `Draft ${thing}`
              : `Finish the main part of ${thing}`,
        `Get feedback on ${thing}`,
        MAKE_PLANS.has(g.verb) ? `Confirm the plan for ${thing}` : `Finish ${thing}`,
      ];
    case 'learn':
      if (WH.test(thing))
        return [
          `List my questions about ${thing}`,
          `Find someone who can explain ${thing}`,
          `Ask them to walk me through ${thing}`,
          `Write down ${thing} in my own words`,
          `Check my notes on ${thing} with someone`,
        ];
      return [
        `Define what good enough at ${thing} looks like`,
        `Find a course or a mentor for ${thing}`,
        `Practise ${thing} on a real task`,
        `Get feedback on how I use ${thing}`,
        `Review what I learned about ${thing}`,
      ];
    case 'talk': {
      const conv = conversationOf(g);
      const other = g.who ? ` with ${g.who}` : '';
      const full = `Define what I want from ${conv}${other}${g.topic ? ` about ${g.topic}` : ''}`;
      return [
        full.length <= 60 ? full : `Define what I want from ${conv}${other}`,
        'Gather the examples I want to bring',
        g.who ? `Book time with ${g.who}` : `Book a time for ${conv}`,
        'Rehearse the opening with someone I trust',
        `Read my notes for ${conv} once more`,
      ];
    }
    case 'review':
      return [
        `Read ${thing} once through`,
        `Note my questions on ${thing}`,
        `Check the details of ${thing}`,
        `Write my comments on ${thing}`,
        `Send my comments on ${thing}`,
      ];
    case 'decide':
      return [
        'List the options and what matters most',
        'Ask someone I trust for their view',
        'Test the favourite option against what matters',
        'Note any doubts and check them',
        capitalize(verbPhrase(g)),
      ];
    case 'topic':
      // The goal is the object itself: named once, so the list does not repeat it five times.
      return [
        `Define what done looks like for ${short(thing)}`,
        'List what it needs and who can help',
        'Do the main part of the work',
        'Get feedback on the work so far',
        'Check everything is ready',
      ];
    default: {
      const doing = join(gerund(g.verb), short(thing));
      // A role to grow into is reached by doing its work early, not by "the main work towards" it.
      if (g.verb === 'become')
        return [
          `Define what a good ${thing.replace(/^(?:an?|the)\s+/i, '')} does`,
          `Ask ${manager(g)} what ${doing} takes`,
          `Take on one task ${thing} would do`,
          `Get feedback from ${manager(g)} on that task`,
          `Agree my next step with ${manager(g)}`,
        ];
      if (g.verb === 'hand over' || g.verb === 'delegate')
        return [
          `Define what ${doing} takes`,
          `List what is still open on ${short(thing)}`,
          `Write the handover notes for ${short(thing)}`,
          `Walk ${g.who ?? 'the new owner'} through ${short(thing)}`,
          `Check nothing open on ${short(thing)} is lost`,
        ];
      return [
        `Define what ${doing} takes`,
        'List the help and time I need',
        `Take the biggest step towards ${doing}`,
        `Check my progress towards ${doing}`,
        'Do a final check before the target date',
      ];
    }
  }
}

/**
 * The five todo titles of a workback plan towards a goal as the user named it; a manager the
 * goal's context names ("my manager Dana") is the one to ask.
 */
export function workbackStepTitles(goal: string, context = ''): [string, string, string, string, string] {
  const read: Goal = readGoal(goal) ?? { kind: 'topic', verb: '', object: truncate(goal, 40), tail: '' };
  const who = read.who ?? personIn(context);
  return workbackTitles({ ...read, ...(who ? { who } : {}) });
}

/**
 * What a step's description asks, read from its own title's verb (a booking is not "the part that
 * moves the goal most"); the step's place in the plan only when the verb says nothing more. In the
 * user's voice, like the titles: imperative, never "you".
 */
const DESCRIPTIONS: [RegExp, string][] = [
  [/^Book\b/, 'Pick a slot that leaves time to prepare, and send the invitation.'],
  [/^(?:Ask|Find out|Find someone)\b/, 'Ask early, so there is time to act on the answer; note it down.'],
  [/^Walk\b/, 'Go through it together and note the questions that come up.'],
  [/^(?:Take on|Start|Pick)\b/, 'Pick something small enough to finish; it shows what the rest takes.'],
  [/^Check my progress\b/, 'Note what moved and what did not, then adjust the plan.'],
  [/^Agree\b/, 'Write down what was agreed and when to check again.'],
  [/^Meet\b/, 'Note what each person needs from me and what I need from them.'],
  [/^(?:List|Gather)\b/, 'People, information, time, resources: ask now for what I do not have yet.'],
  [/^(?:Define|Write down what)\b/, 'How will I know it is reached, and who needs to see it?'],
  [/^(?:Get feedback|Rehearse|Share|Check my notes|Practise my)\b/, 'Show it to someone whose opinion counts, then adjust.'],
  [/^(?:Check|Confirm|Do a final|Read my notes|Follow up|Send)\b/, 'Everything ready? Note what is still open and close it.'],
];
const BY_PLACE = [
  'How will I know it is reached, and who needs to see it?',
  'People, information, time, resources: ask now for what I do not have yet.',
  'The part that moves the goal most; cut scope rather than slip.',
  'Show it to someone whose opinion counts, then adjust.',
  'Everything ready? Note what is still open and close it.',
];
export function workbackStepDescription(title: string, place: number): string {
  return DESCRIPTIONS.find(([verb]) => verb.test(title))?.[1] ?? BY_PLACE[place] ?? BY_PLACE[2]!;
}

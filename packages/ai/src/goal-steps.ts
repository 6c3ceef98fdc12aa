/**
 * The steps a week plan writes for a goal (goal-phrases.ts reads it): two actions and the result
 * they lead to (a workback plan's titles are in workback-titles.ts). Short imperatives a person would
 * write in their own list ("Draft the promotion case", "Ask my manager what the promotion needs"),
 * first person where a person is named ("my manager"), the goal's own words only for its object.
 */
import { capitalize } from './text';
import { subject, type Goal } from './goal-phrases';
import { doneForm, gerund, FINISHING, MAKE_BUILDS, MAKE_DRAFTS, MAKE_PLANS } from './goal-verbs';

export interface WeekSteps {
  /** The preparing action, earlier in the week. */
  first: string;
  /** The action that reaches the result. */
  second: string;
  /** What is true once it is done: a result, not the request ("Deck sent to Maria"). */
  outcome: string;
}

export const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
/** "send the deck to Maria" */
export const verbPhrase = (g: Goal) => join(g.verb, g.object, g.tail);
/** A promotion goes through a manager; a conversation's other person is whoever the goal names. */
export const manager = (g: Goal) => g.who ?? 'my manager';
/** An object that is a question ("how the on-call works"): learnt by asking, not practised. */
export const WH = /^(?:how|what|why|when|where|who|which)\b/i;
const about = (g: Goal) => (g.topic ? ` about ${g.topic}` : '');

/**
 * The action that has the conversation. Worded unlike the way a goal is usually typed ("Talk to
 * Dana", "Ask my manager for feedback"), so a one-line prompt does not come back as its own plan.
 */
/** "the 1:1" of "a difficult 1:1 with Sam"; "the conversation" when the goal names none. */
export const conversationOf = (g: Goal) => (g.verb === 'have' && g.object ? g.object : 'the conversation');

function talkTo(g: Goal): string {
  if (!g.who) return `Have ${conversationOf(g)}${about(g)}`;
  const who = g.who;
  switch (g.verb) {
    case 'meet':
      return `Sit down with ${who}${about(g)}`;
    case 'call':
      return `Have the call with ${who}${about(g)}`;
    case 'email':
      return `Write to ${who}${about(g)}`;
    case 'thank':
      return `Thank ${who}`;
    case 'reach out':
      return `Send ${who} a first message${about(g)}`;
    case 'ask': {
      const wanted = /^for\s+(.+)$/i.exec(g.tail)?.[1];
      return wanted ? `Request ${wanted} from ${who}` : `Put my question${g.topic ? ` about ${g.topic}` : ''} to ${who}`;
    }
    case 'discuss':
      return `Go through ${g.topic ?? 'it'} with ${who}`;
    case 'catch up':
    case 'follow up':
    case 'sync':
    case 'check in':
      return `Have the ${g.verb.replace(' ', '-')} with ${who}${about(g)}`;
    default:
      return `Have ${conversationOf(g)} with ${who}${about(g)}`;
  }
}

function talkOutcome(g: Goal): string {
  if (!g.who) return `${capitalize(conversationOf(g).replace(/^the /, ''))} held${about(g)}`;
  const who = g.who;
  if (g.verb === 'meet') return `Met ${who}${about(g)}`;
  if (g.verb === 'thank') return `${capitalize(who)} thanked`;
  if (g.verb === 'ask') {
    const wanted = /^for\s+(.+)$/i.exec(g.tail)?.[1];
    return wanted ? `${capitalize(wanted)} from ${who}` : `Answer from ${who}${about(g)}`;
  }
  return `Talked with ${who}${about(g)}`;
}

/** The action that delivers: "Get the deck to Maria", "Go live with the beta". */
function deliverIt(g: Goal): string {
  const to = /^to\s+(.+)$/i.exec(g.tail)?.[1];
  if (to) return `Get ${g.object} to ${to}`;
  switch (g.verb) {
    case 'submit':
    case 'hand in':
    case 'file':
    case 'deliver':
      return `Hand in ${g.object}`;
    case 'send':
    case 'send out':
      return `Get ${g.object} out`;
    case 'migrate':
      return `Complete the move of ${g.object}`;
    case 'announce':
      return `Share the news about ${g.object}`;
    default:
      return `Go live with ${g.object}`;
  }
}

/** A week's two actions towards a goal and the result they reach. */
export function weekSteps(g: Goal): WeekSteps {
  const thing = g.object;
  const done = (verb: string) => join(subject(thing), doneForm(verb), g.tail);
  switch (g.kind) {
    case 'promotion':
      return {
        first: `Ask ${manager(g)} what the promotion needs`,
        second: `Draft the promotion case and share it with ${manager(g)}`,
        outcome: `Promotion case drafted and shared with ${manager(g)}`,
      };
    case 'newjob':
      return {
        first: 'List the people to meet in my first weeks',
        second: `Ask ${manager(g)} what success looks like in this role`,
        outcome: `What success looks like agreed with ${manager(g)}`,
      };
    case 'job':
      return {
        first: 'List the roles I want and the companies that have them',
        second: 'Apply to the first role on the list',
        outcome: 'First application sent',
      };
    case 'talk':
      return {
        first: !g.who
          ? `List what to raise in ${conversationOf(g)}${about(g)}`
          : g.verb === 'meet'
            ? `Write down questions for ${g.who}`
            : `List what to raise with ${g.who}`,
        second: talkTo(g),
        outcome: talkOutcome(g),
      };
    case 'present': {
      const talk = /\b(?:talk|presentation|demo|pitch|keynote|speech|slides)\b/i.test(thing);
      const noun = g.verb === 'demo' ? 'demo' : g.verb === 'pitch' ? 'pitch' : 'presentation';
      return {
        first: talk ? `Draft ${thing} and rehearse it once` : `Draft the slides for ${thing} and rehearse once`,
        second: talk ? `Deliver ${join(thing, g.tail)}` : `Give the ${noun} of ${join(thing, g.tail)}`,
        outcome: done(g.verb),
      };
    }
    case 'prepare': {
      const event = join(thing, g.tail);
      const interview = /\binterview/i.test(thing);
      return {
        first: interview ? `List what ${event} will ask about` : `Write down the key points for ${event}`,
        second: interview ? `Practise two answers for ${event} out loud` : `Rehearse for ${event} out loud once`,
        outcome: `Ready for ${event}`,
      };
    }
    case 'deliver':
      return { first: `Get ${thing} ready to ${g.verb}`, second: deliverIt(g), outcome: done(g.verb) };
    case 'review':
      return {
        first: `Read ${thing} and note my questions`,
        second: `Send my comments on ${thing}`,
        outcome: join(subject(thing), 'reviewed'),
      };
    case 'learn':
      // A question to answer: asking is the step that gets there (the one kept when a single day is left).
      if (WH.test(thing)) {
        const question = join(thing, g.tail);
        return {
          first: `Write down my questions about ${question}`,
          second: `Ask someone to walk me through ${question}`,
          outcome: `Know ${question}`,
        };
      }
      if (g.verb === 'read')
        return {
          first: `Block an hour to read ${thing}`,
          second: `Note three takeaways from ${thing}`,
          outcome: `${subject(thing)} read, with three takeaways noted`,
        };
      return {
        first: `Choose one way to practise ${thing}`,
        second: `Practise ${thing} on a real task`,
        outcome: `${subject(thing)} practised on a real task`,
      };
    case 'decide':
      return { first: 'Write down the options and what matters most', second: `Make the call on ${thing}`, outcome: `Decided ${thing}` };
    case 'make': {
      if (g.quality)
        return {
          first: `List what would make ${thing} ${g.quality}`,
          second: `Rewrite ${thing} to be ${join(g.quality, g.tail)}`,
          outcome: join(subject(thing), g.quality, g.tail),
        };
      const first = MAKE_PLANS.has(g.verb)
        ? `List what ${thing} needs`
        : MAKE_BUILDS.has(g.verb)
          ? `${g.verb === 'fix' ? 'Find the cause of' : 'Build a first version of'} ${thing}`
          : MAKE_DRAFTS.has(g.verb)
            ? `Outline ${thing} and draft the first part`
            : `List what is left on ${thing}`;
      const second = MAKE_PLANS.has(g.verb)
        ? `Share the plan for ${thing}`
        : FINISHING.has(g.verb)
          ? `Get ${thing} over the line and ask for feedback`
          : `Finish ${thing} and ask for feedback on it`;
      return { first, second, outcome: done(g.verb) };
    }
    case 'topic':
      return {
        first: `List the next steps for ${thing}`,
        second: 'Finish the first of those steps',
        outcome: `First step on ${thing} finished`,
      };
    default: {
      const doing = join(gerund(g.verb), thing, g.tail);
      return {
        first: `Write down what ${doing} takes`,
        second: `Take the first step towards ${doing}`,
        outcome: `First step towards ${doing} taken`,
      };
    }
  }
}

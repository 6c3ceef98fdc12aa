/**
 * Offline meeting preparation: what a thoughtful coach would propose for one section, built
 * from the meeting's title, its attendees' profiles and what the other sections already say.
 * The proposal keeps the section's text and adds only lines it does not already have.
 */
import { collapse, normalizeForCompare, roleWithArticle as withArticle, sentences, truncate } from '../text';
import type { MeetingSectionInput, PersonContext } from '../types';

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').trim())
    .filter((l) => l && !/^#/.test(l));

/** The first written value among these profile labels (labels as svc-people names them). */
function field(person: PersonContext, ...labels: string[]): string | undefined {
  const profile = person.profile ?? {};
  for (const label of labels) {
    const key = Object.keys(profile).find((k) => k.toLowerCase().startsWith(label.toLowerCase()));
    const value = key ? collapse(profile[key] ?? '') : '';
    if (value) return truncate(sentences(value)[0] ?? value, 140).replace(/[.!?]$/, '');
  }
  return undefined;
}

interface Context {
  /** The meeting's own title; none for an untitled one or the page's default ("New meeting - 2026-03-05 14:30"). */
  topic?: string;
  people: PersonContext[];
  /** "Dana" or "Dana and Sam", or "the others" without attendees. */
  who: string;
  /** One attendee ("Dana needs…") or more ("Dana and Sam need…"). */
  one: boolean;
  goals: string[];
  agenda: string[];
  notes: string[];
}

function contextOf({ title, attendees, people, content }: MeetingSectionInput): Context {
  const known: PersonContext[] = people?.length ? people : attendees.map((fullName) => ({ fullName }));
  const names = known.map((p) => firstName(p.fullName)).filter(Boolean);
  const topic = collapse(title);
  return {
    ...(topic && !/^New meeting - \d{4}-\d{2}-\d{2}/.test(topic) ? { topic } : {}),
    people: known,
    who: names.length ? joinNames(names) : 'the others',
    one: names.length === 1,
    goals: linesOf(content.goals),
    agenda: linesOf(content.agenda),
    notes: linesOf(content.notes),
  };
}

function goals(c: Context): string[] {
  const lines = ['- Leave with one clear decision and a named owner for it'];
  for (const p of c.people) {
    const name = firstName(p.fullName);
    const focus = field(p, 'Current priorities', 'Their goals', 'What success');
    const role = field(p, 'Role');
    if (focus) lines.push(`- Tie what you ask for to what ${name} is focused on: ${told(focus)}`);
    else if (role) lines.push(`- Learn what matters most to ${name} as ${role} right now, and where you can help`);
    const promised = field(p, 'Open commitments');
    if (promised) lines.push(`- Close the loop on what is still open with ${name}: ${told(promised)}`);
  }
  if (c.people.length && c.people.every((p) => !field(p, 'Current priorities', 'Their goals', 'What success', 'Role'))) {
    lines.push(`- Learn what ${c.who} ${c.one ? 'needs' : 'need'} most from you this quarter`);
  }
  lines.push('- Agree on who does what by when before anyone leaves');
  return lines;
}

/** The topics in order, between an opening and a close; timed by the user, not by invented minutes. */
function agenda(c: Context): string[] {
  const topics = c.goals.length ? c.goals.slice(0, 3) : [c.topic ?? `What you need from ${c.who}`];
  return [
    `- Opening: check in with ${c.who}, and say the outcome you want today`,
    ...topics.map((g) => `- ${g}`),
    '- Close: decisions, owners and dates, read back out loud',
  ];
}

const STARTS_WITH_VERB =
  /^(has|have|had|is|are|was|were|needs?|must|wants?|can(?:not|'t)?|will|won't|does(?:n't)?|doesn't|keeps?|gets?)\b/i;

/** "Surprises in front of her boss" → "surprises in front of her boss" (a name or an acronym stays as written). */
const lowerStart = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/**
 * A profile field inside the coach's sentence: in quotes when it speaks as the user ("She offered to
 * read my promotion case") so the coach never says "my"; else lower-cased after the colon.
 */
const told = (s: string) => (/\b(?:I|I'm|I've|me|my|mine|we|our|us)\b/.test(s) ? `"${s}"` : lowerStart(s));

/** "Wants incident numbers…": a line about them that starts with their verb reads as a sentence with their name in front. */
const THEIR_VERB = /^(?:has|is|was|needs|wants|keeps|gets|does|likes|prefers|asks|decides|looks|relies|trusts|will|must|can|cares)\b/i;

/** "Ada wants incident numbers…" when the note starts with their verb, else "How Ada decides: data first". */
const aboutThem = (name: string, s: string, label: string) =>
  THEIR_VERB.test(s) && !told(s).startsWith('"') ? `${name} ${lowerStart(s)}` : `${label}: ${told(s)}`;

/**
 * Ten questions to prepare for what the attendees will raise: first from what the user knows
 * of them (concerns, how they decide, how they talk, past friction), then the ones every
 * meeting that matters deserves.
 */
function anticipating(c: Context): string[] {
  const lines: string[] = [];
  for (const p of c.people) {
    const name = firstName(p.fullName);
    const concern = field(p, 'Concerns');
    const pressure = field(p, 'Challenges');
    // "Surprises in front of her boss" is what they worry about; "Has to cut the roadmap…" is what they are up against.
    if (concern && !STARTS_WITH_VERB.test(concern))
      lines.push(`- ${name} worries about ${told(concern.replace(/^(about|that)\s+/i, ''))}: how does your proposal address it?`);
    else if (concern || pressure)
      lines.push(`- ${aboutThem(name, (concern ?? pressure)!, `Pressure on ${name}`)}. How does your proposal help with it?`);
    const decides = field(p, 'How they make decisions');
    if (decides) lines.push(`- ${aboutThem(name, decides, `How ${name} decides`)}. What will ${name} need to see before saying yes?`);
    const talk = field(p, 'How they like to communicate');
    if (talk) lines.push(`- Match ${name}'s style (${told(talk)}): what is your opening sentence?`);
    const tension = field(p, 'Tensions');
    if (tension) lines.push(`- Last friction with ${name}: ${told(tension)}. How will you keep it from coming back?`);
  }
  const lead = c.people[0] ? firstName(c.people[0].fullName) : undefined;
  const leadRole = c.people[0] ? field(c.people[0], 'Role') : undefined;
  const generic = [
    leadRole
      ? `- What will ${lead}, as ${withArticle(leadRole)}, ask first, and what is your short answer?`
      : `- What is the first question ${lead ? `${lead} is` : 'they are'} likely to ask, and what is your short answer?`,
    '- Which objection would be hardest to hear, and what would change your mind?',
    '- What numbers, examples or documents should you have at hand?',
    `- What ${c.one ? 'does' : 'do'} ${c.who} already know about this, and what will be new?`,
    `- What will ${lead ?? 'they'} want in return for saying yes?`,
    '- Who is affected by the outcome but not in the room, and what would they say?',
    '- Which topic could derail the meeting, and how will you park it?',
    '- Where might you be wrong, and how would you find out in the room?',
    '- What is your fallback if the answer is no?',
    '- What will you do if time runs short or the decision cannot be made today?',
  ];
  return [...lines, ...generic].slice(0, 10);
}

/** What to listen for and write down, topic by topic (the agenda, else the goals). */
function notes(c: Context): string[] {
  const topics = (c.agenda.length ? c.agenda : c.goals)
    .map((t) => t.replace(/^\d+\s*min:\s*/i, ''))
    // The agenda's opening and close frame the meeting; they are no topic to take notes on.
    .filter((t) => !/^(opening|close):/i.test(t))
    .slice(0, 5);
  const lines = topics.map((t) => `- ${t}: what was decided, and what is still open`);
  return [
    ...lines,
    `- Anything new about ${c.who} worth keeping in ${c.one ? `${c.who}'s profile` : 'their profiles'}`,
    '- Commitments made, by whom, by when',
  ];
}

const ACTION =
  /\b(will|to do|todo|send|follow up|follow-up|share|schedule|book|owner|action|by (?:mon|tue|wed|thu|fri|next|end|tomorrow))/i;

function followups(c: Context): string[] {
  const fromNotes = c.notes
    .flatMap((l) => sentences(l))
    .filter((s) => ACTION.test(s))
    .map((s) => `- [ ] ${s.replace(/^action items?:\s*/i, '')}`);
  const promised = c.people.flatMap((p) => {
    const open = field(p, 'Open commitments');
    return open ? [`- [ ] Still open with ${firstName(p.fullName)}: ${told(open)}`] : [];
  });
  return [
    ...fromNotes.slice(0, 8),
    ...promised,
    `- [ ] Send ${c.who} a short recap: decisions, owners and dates`,
    '- [ ] Put the next check-in in the calendar',
  ];
}

function reflection(c: Context): string[] {
  const lines = c.goals.slice(0, 3).map((g) => `- Did you get "${truncate(g.replace(/[.!?]+$/, ''), 80)}"? If not, what got in the way?`);
  return [
    ...lines,
    `- What did you learn about ${c.who} that belongs in ${c.one ? `${c.who}'s profile` : 'their profiles'}?`,
    '- What surprised you, and what does it change in your plan?',
    '- What will you do differently in the next meeting?',
  ];
}

const PROPOSALS: Record<MeetingSectionInput['section'], (c: Context) => string[]> = {
  goals,
  agenda,
  anticipating,
  notes,
  followups,
  reflection,
};

export function offlineMeetingSection(input: MeetingSectionInput): string {
  const existing = (input.content[input.section] ?? '').trimEnd();
  const have = normalizeForCompare(existing);
  const seen = new Set<string>();
  const additions = PROPOSALS[input.section](contextOf(input)).filter((line) => {
    const key = normalizeForCompare(line.replace(/^- (\[ \] )?/, ''));
    if (!key || have.includes(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [existing, additions.join('\n')].filter(Boolean).join('\n');
}

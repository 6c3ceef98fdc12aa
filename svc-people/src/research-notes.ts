import { mentionsAnswer, PERSON_SECTIONS, type Citation, type Meeting, type Mention, type Person } from '@cc/contracts';
import { fileAddress, journalAddress, meetingAddress, personAddress } from '@cc/contracts/addresses';
import { formatDay } from '@cc/contracts/dates';
import type { PeerClient } from '@cc/service-kit';
import { roleWithArticle } from '@cc/ai';

/**
 * Research without a web search: what the user's own notes say about a person (their profile,
 * the meetings they attended, the files and journal entries that mention them), each part
 * cited as a source of the user's notes.
 */

const NOTES_SITE = 'Your notes';
const MEETINGS_SHOWN = 5;
const MENTIONS_TIMEOUT_MS = 1500;

/**
 * A day in the stored answer, through @cc/contracts/dates with its year always (the answer is
 * kept and read later, when "this year" has moved on): "Thu 5 Mar 2026".
 */
const day = (iso: string) => formatDay(iso, '');

const firstLine = (text: string, max = 160) => {
  const line = text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line) return '';
  return line.length > max ? `${line.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : line;
};

/** Files and journal entries that mention the person: by full name, then by first name when that finds nothing. */
export async function mentionsOf(files: PeerClient, person: Person): Promise<Mention[]> {
  const ask = async (q: string) => {
    const answer = await files.get(`/files/mentions?q=${encodeURIComponent(q)}`, mentionsAnswer, { timeoutMs: MENTIONS_TIMEOUT_MS });
    return answer.ok ? answer.body.mentions : [];
  };
  const full = person.full_name.trim();
  const found = await ask(full);
  const first = full.split(/\s+/)[0] ?? '';
  if (found.length || first === full || first.length < 3) return found;
  return ask(first);
}

/** The form's hint ("Relationship (manager, peer, mentor, client…)") helps whoever fills it in, not whoever reads the answer. */
const labelOf = (label: string) => label.replace(/\s*\([^)]*\)\s*$/, '');

/** What is missing, in the coach's voice: the form's "How we know each other" is the user's. */
const MISSING: Record<string, string> = { role: 'their role', company: 'their company', how_we_know: 'how you know each other' };

/** "current-job_relationships" / "promotion-to-staff.md" → "Current job relationships" / "Promotion to staff". */
const titleFrom = (name: string) => {
  const text = name
    .replace(/\.md$/i, '')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
};

/** A note named as a person reads it, not as a file name: "Stakeholders (Current job relationships)". */
const noteTitle = (m: Extract<Mention, { kind: 'file' }>) => `${titleFrom(m.name)} (${titleFrom(m.folder)})`;

const sentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/**
 * The notes research: what the user's notes say about the person, found and cited, opening with
 * the findings in a few sentences (who they are, what matters to them, when you last met and
 * what is still open), then the detail. It says nothing about the web search itself: the page
 * says that once, beside the answer (`source: 'notes'`).
 */
export function notesResearch(
  person: Person,
  meetings: Meeting[],
  mentions: Mention[],
  now: Date = new Date(),
): { answer: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const cite = (c: Omit<Citation, 'site'>) => {
    citations.push({ ...c, site: NOTES_SITE });
    return `[${citations.length}]`;
  };
  const name = person.full_name;
  const first = name.split(/\s+/)[0] ?? name;
  const lead: string[] = [];
  const parts: string[] = [];

  const written: string[] = [];
  const missing: string[] = [];
  const profile = person as unknown as Record<string, Record<string, string>>;
  for (const section of PERSON_SECTIONS) {
    for (const f of section.fields) {
      const value = profile[section.key]?.[f.key]?.trim();
      if (value) written.push(`- ${section.key === 'notes' ? 'Notes' : labelOf(f.label)}: ${firstLine(value, 240)}`);
      else if (section.key === 'basic_profile' && MISSING[f.key]) missing.push(MISSING[f.key]!);
    }
  }
  if (written.length) {
    const marker = cite({ url: personAddress(person.id), title: `${name}: profile` });
    const field = (section: string, key: string) => firstLine(profile[section]?.[key] ?? '', 160).replace(/[.!?]$/, '');
    const role = field('basic_profile', 'role');
    const company = field('basic_profile', 'company');
    const post = [role && roleWithArticle(role), company && `${role ? 'at' : 'works at'} ${company}`].filter(Boolean).join(' ');
    if (post) lead.push(`${name} ${role ? 'is ' : ''}${post} ${marker}.`);
    const priorities = field('goals_priorities', 'current_priorities');
    const values = field('what_they_care_about', 'values');
    if (priorities) lead.push(`What matters to ${first} right now: ${priorities} ${marker}.`);
    else if (values) lead.push(`What ${first} values: ${values} ${marker}.`);
    parts.push(`**What your profile of ${name} says** ${marker}\n${written.slice(0, 12).join('\n')}`);
  }

  if (meetings.length) {
    const markers = new Map<number, string>();
    const lines = meetings.slice(0, MEETINGS_SHOWN).map((m) => {
      const marker = cite({
        url: meetingAddress(person.id, m.id),
        title: `Meeting: ${m.title}${m.meeting_date ? ` (${day(m.meeting_date)})` : ''}`,
      });
      markers.set(m.id, marker);
      const gist = [
        ['goals', m.goals],
        ['follow-ups', m.followups],
        ['notes', m.notes],
      ]
        // "goals: Get her view.; follow-ups: …" would end a part twice: its own full stop goes.
        .map(([label, text]) => (firstLine(text!) ? `${label}: ${firstLine(text!).replace(/[.;,]+$/, '')}` : ''))
        .filter(Boolean)
        .slice(0, 2)
        .join('; ');
      return `- ${m.meeting_date ? day(m.meeting_date) : 'Undated'}, ${m.title} ${marker}${gist ? `: ${gist}` : ''}`;
    });
    // Newest first; a meeting planned for later is not where you last met.
    const today = now.toISOString().slice(0, 16);
    const last = meetings.slice(0, MEETINGS_SHOWN).find((m) => m.meeting_date && m.meeting_date <= today);
    if (last) {
      const open = firstLine(last.followups ?? '').replace(/[.!?]$/, '');
      lead.push(`You last met on ${day(last.meeting_date!)} ("${last.title}") ${markers.get(last.id)}.`);
      if (open) lead.push(`Still open from it: ${open} ${markers.get(last.id)}.`);
    }
    const more = meetings.length > MEETINGS_SHOWN ? ` (the ${MEETINGS_SHOWN} latest of ${meetings.length})` : '';
    parts.push(`**Your meetings with ${first}**${more}\n${lines.join('\n')}`);
  }

  if (mentions.length) {
    const lines = mentions.map((m) => {
      const where = m.kind === 'file' ? noteTitle(m) : `Journal, ${day(m.date)}`;
      const marker = cite({ url: m.kind === 'file' ? fileAddress(m.folder, m.name) : journalAddress(m.date), title: where });
      return `- ${where} ${marker}: "${m.excerpt}"`;
    });
    if (!lead.length) lead.push(sentence(`Your notes mention ${first}, for example: "${mentions[0]!.excerpt.replace(/[.!?…]+$/, '')}"`));
    parts.push(`**Where your notes mention ${first}**\n${lines.join('\n')}`);
  }

  if (!citations.length) {
    parts.push(
      `Your notes say nothing about ${name} yet. Start with their role, their company and how you know each other in Basic profile; after your next conversation, write down what they care about.`,
    );
  } else if (missing.length) {
    parts.push(
      `Not in your notes yet: ${missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0]}. Adding ${missing.length > 1 ? 'them' : 'it'} makes every meeting preparation with ${first} sharper.`,
    );
  }
  return { answer: [lead.join(' '), ...parts].filter(Boolean).join('\n\n'), citations };
}

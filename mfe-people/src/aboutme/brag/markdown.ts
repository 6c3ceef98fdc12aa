import { formatDay, formatMonth } from '@cc/contracts/dates';
import { BRAG_DOCUMENT, restatesIdentity } from '@cc/contracts/profile-rules';
import type { BragData, BragItem } from './gather';

/**
 * The user's words go into markdown as text: a bracket of theirs must not read as a link or as a
 * `[placeholder]` left to fill in, so brackets (and the other markers that would change the
 * rendering) are escaped.
 */
export const escapeText = (text: string) => text.replace(/([\\[\]*_`<>])/g, '\\$1');

// A parenthesis or space would end the link's address early (encodeURIComponent leaves parentheses alone).
const percent = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
const link = (label: string, url: string) => `[${escapeText(label)}](${url.replace(/[()\s]/g, percent)})`;

/** A month heading ("November 2026"), in the same locale as its days. */
const monthLabel = (ym: string) => formatMonth(ym, { year: true, long: true });
/** A day as the app writes it, always with its year: the document outlives this year. */
export const dayLabel = (day: string) => formatDay(day, '');

const KIND: Record<BragItem['kind'], string> = { journal: 'Journal', todo: 'Completed', milestone: 'Milestone reached' };

function itemLine(item: BragItem): string {
  const label = item.kind === 'journal' ? `Journal, ${dayLabel(item.date)}` : `${KIND[item.kind]}, ${dayLabel(item.date)}`;
  return `- ${link(label, item.link)}: ${escapeText(item.text)}`;
}

/** Dated evidence grouped by month, the newest month first (items come newest first). */
export function byMonth(items: BragItem[]): { month: string; items: BragItem[] }[] {
  const groups: { month: string; items: BragItem[] }[] = [];
  for (const item of [...items].sort((a, b) => b.date.localeCompare(a.date))) {
    const month = item.date.slice(0, 7);
    const last = groups[groups.length - 1];
    if (last?.month === month) last.items.push(item);
    else groups.push({ month, items: [item] });
  }
  return groups;
}

function headline(data: BragData): string[] {
  const { full_name, role, company } = data.details;
  const name = full_name.trim();
  const where = [role.trim(), company.trim()].filter(Boolean).join(' at ');
  const lines = [name ? `${BRAG_DOCUMENT.heading}: ${escapeText(name)}` : BRAG_DOCUMENT.heading, ''];
  if (where) lines.push(`**${escapeText(where)}**`, '');
  lines.push(`Period: ${dayLabel(data.period.from)} to ${dayLabel(data.period.to)}`);
  return lines;
}

const JOURNAL_DAY = /^\/journal\/(\d{4}-\d{2}-\d{2})$/;
/** A statement's source as the document says it: a journal day as a day (with its year), the rest by its label. */
function sourceLabel(source: string, url?: string): string {
  const day = url ? JOURNAL_DAY.exec(url)?.[1] : undefined;
  return day ? `Journal, ${dayLabel(day)}` : source.trim();
}

function statementsSection(data: BragData): string[] {
  const lines = ['## Impact and achievements', ''];
  if (data.statements.length === 0) {
    lines.push('No profile statements yet: generate your profile in About me, then make this document again.');
    return lines;
  }
  // The headline already says who and where: a statement that only says that again is no achievement.
  const achievements = data.statements.filter((s) => !restatesIdentity(s.text, data.details));
  if (achievements.length === 0) {
    lines.push('Your profile statements only say your role so far: add what you have achieved in About me, then generate again.');
    return lines;
  }
  for (const s of achievements) {
    const name = sourceLabel(s.source, s.source_url);
    const source = s.source_url ? ` (${link(name || 'source', s.source_url)})` : name ? ` (${escapeText(name)})` : '';
    lines.push(`- ${escapeText(s.text)}${source}`);
  }
  return lines;
}

function evidenceSection(data: BragData): string[] {
  const lines = ['## Evidence by month', ''];
  const groups = byMonth(data.items);
  if (groups.length === 0) lines.push('Nothing dated in this period: no journal entries, completed todos or milestones.');
  for (const group of groups) lines.push(`### ${monthLabel(group.month)}`, '', ...group.items.map(itemLine), '');
  if (data.missing.length > 0) lines.push('', `Not included, as it could not be read: ${data.missing.map(escapeText).join('; ')}.`);
  return lines;
}

function nextSection(data: BragData): string[] {
  const lines = ['## What I want next', ''];
  if (data.upcoming.length === 0) {
    lines.push('What do I want to achieve in the next period, and what support would help me get there?');
    return lines;
  }
  lines.push(...data.upcoming.map((m) => `- ${escapeText(m.title)} (by ${dayLabel(m.target_date)})`));
  return lines;
}

/** The document: headline, statements, dated evidence, what comes next. */
export function bragMarkdown(data: BragData): string {
  const text = [...headline(data), '', ...statementsSection(data), '', ...evidenceSection(data), '', ...nextSection(data)].join('\n');
  return `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

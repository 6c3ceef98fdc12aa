import { z } from 'zod';
import { CALENDAR_MEDIA_TYPE } from './calendar';

/**
 * Taking everything out (docs/export.md). `GET /export` (svc-chat) writes one zip; each domain
 * gives its part on its own route as NDJSON, one line at a time, so nobody holds a whole
 * account in memory. A part is:
 *   {"total": records, "bytes": characters}   first: what is coming (the download's estimate)
 *   {"entry": {"path", "text"}}               a readable file of the zip (markdown)
 *   {"record": {"table", "row"}}              a stored record, for workspace.json
 *   {"done": {"records": n}}                  last: a part without it was cut short
 */

/** workspace.json's `format_version`; an import refuses a newer one. */
export const EXPORT_FORMAT_VERSION = 1;

export const EXPORT_DOMAINS = ['files', 'coaching', 'people', 'chat'] as const;
export type ExportDomain = (typeof EXPORT_DOMAINS)[number];

/** The route each domain gives its part on (in the route table). */
export const DOMAIN_EXPORT_PATHS: Record<ExportDomain, string> = {
  files: '/files/export',
  coaching: '/coaching/export',
  people: '/people/export',
  chat: '/ai_chat/export',
};

export const NDJSON = 'application/x-ndjson';
export const ZIP = 'application/zip';

/** Calls that answer a stream rather than a JSON document: the OpenAPI document says which. */
export const STREAMED_ANSWERS: Readonly<Record<string, { mediaType: string; description: string }>> = {
  'GET /export': { mediaType: ZIP, description: 'The zip, streamed (Content-Disposition names it).' },
  'GET /calendar/{token}': {
    mediaType: CALENDAR_MEDIA_TYPE,
    description: "The account's calendar, an iCalendar document (docs/calendar.md).",
  },
  ...Object.fromEntries(
    Object.values(DOMAIN_EXPORT_PATHS).map((path) => [
      `GET ${path}`,
      { mediaType: NDJSON, description: "The domain's part of an export, one JSON line at a time (docs/export.md)." },
    ]),
  ),
};

const rowSchema = z.record(z.string(), z.unknown());

export const exportLine = z.union([
  z.object({ total: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }).strict(),
  z.object({ entry: z.object({ path: z.string().min(1).max(1024), text: z.string() }).strict() }).strict(),
  z.object({ record: z.object({ table: z.string().min(1).max(100), row: rowSchema }).strict() }).strict(),
  z.object({ done: z.object({ records: z.number().int().nonnegative() }).strict() }).strict(),
]);
export type ExportLine = z.infer<typeof exportLine>;

/** The download's name: `career-workspace-YYYY-MM-DD.zip` (the day it was made, UTC). */
export const exportFileName = (day: string): string => `career-workspace-${day}.zip`;

/**
 * One folder or file name of a path inside the zip: what a user named it, less what no file
 * system takes (separators, reserved characters, control characters, a trailing dot or space),
 * and never `.` or `..`. Two objects whose names end up equal are told apart by the zip writer.
 */
export function pathSegment(name: string, maxLength = 120): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '')
    .slice(0, maxLength)
    .trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : 'Untitled';
}

/**
 * YAML front matter for a markdown file. Values are written as JSON strings, which YAML reads
 * as double-quoted scalars: a description with quotes, colons or new lines stays one value.
 * Empty values are left out; no front matter at all when nothing is left.
 */
export function frontMatter(fields: Record<string, string | number | boolean | readonly string[] | null | undefined>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) lines.push(`${key}: [${value.map((v) => JSON.stringify(v)).join(', ')}]`);
    } else lines.push(`${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  }
  return lines.length ? `---\n${lines.join('\n')}\n---\n\n` : '';
}

/** A markdown section when it has something to say: `## Title` and the text. */
export const markdownSection = (title: string, text: string | null | undefined): string =>
  text?.trim() ? `## ${title}\n\n${text.trim()}\n\n` : '';

/** The answer schema of a streamed call: its bytes (the handler answers itself, unchecked). */
export const streamedAnswer = z.string();

/** What each domain's part holds, in words a user reads in an error. */
export const EXPORT_DOMAIN_LABELS: Record<ExportDomain, string> = {
  files: 'your files and journal',
  coaching: 'your planning and check-ins',
  people: 'your people, meetings and About me',
  chat: 'your chats',
};

export const EXPORT_MESSAGES = {
  partsUnavailable: (domains: readonly ExportDomain[]) =>
    `The export could not be made because ${domains.map((d) => EXPORT_DOMAIN_LABELS[d]).join(' and ')} did not answer. Nothing was downloaded; please try again in a minute.`,
} as const;

import { FILE_NAME_MAX, FOLDER_NAME_MAX, isJournalDate, normalizeFileName, normalizeFolderName } from '@cc/contracts';
import { IMPORT_MESSAGES as M } from '@cc/contracts/import';
import { ImportRefused } from './zip-entries';

/**
 * What a zip of markdown becomes (docs/import.md#markdown): an Obsidian vault, a Notion export,
 * or this product's own markdown. A file named `YYYY-MM-DD.md` is a journal day; any other
 * markdown file is a file in the folder its path names (folders inside folders are joined with
 * " - ", as a folder name holds no slash; files at the top go to "Imported notes"); everything
 * else is listed as skipped with the reason, a hidden folder (an app's settings) once.
 */

export interface PlannedFile {
  path: string;
  folder: string;
  name: string;
}

export interface MarkdownPlan {
  folders: string[];
  files: PlannedFile[];
  days: { path: string; date: string }[];
  skipped: { path: string; reason: string }[];
}

export const TOP_FOLDER = 'Imported notes';
/** The summary lists at most this many skipped entries, then says how many more. */
export const SKIPPED_LISTED = 200;

const MARKDOWN = /\.(md|markdown)$/i;
/** Notion ends every page's name with its 32-hex id: "Roadmap 1a2b…". */
const NOTION_ID = /\s+[0-9a-f]{32}$/i;

const clean = (segment: string) => segment.replace(NOTION_ID, '').trim();

/** A folder name of nested folders, from the innermost out, as long as it fits. */
function folderName(dirs: string[]): string {
  const names = dirs.map((d) => normalizeFolderName(clean(d))).filter(Boolean);
  if (!names.length) return TOP_FOLDER;
  let name = names[names.length - 1]!;
  if (name.length > FOLDER_NAME_MAX) throw new ImportRefused([M.nameTooLong(dirs.join('/'), 'folder', FOLDER_NAME_MAX)]);
  for (let i = names.length - 2; i >= 0; i -= 1) {
    const longer = `${names[i]} - ${name}`;
    if (longer.length > FOLDER_NAME_MAX) break;
    name = longer;
  }
  return name;
}

export function markdownPlan(allPaths: string[]): MarkdownPlan {
  const filePaths = allPaths.filter((p) => !p.endsWith('/'));
  // One folder around everything (a zipped vault, a Notion export): its name is not a folder of notes.
  const tops = new Set(filePaths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/') + 1) : '')));
  const prefix = tops.size === 1 && !tops.has('') ? [...tops][0]! : '';
  // This product's own markdown: `files/<folder>/<file>.md`, `journal/<year>/<day>.md`.
  const ownLayout = filePaths.some((p) => p.slice(prefix.length).startsWith('files/'));

  const plan: MarkdownPlan = { folders: [], files: [], days: [], skipped: [] };
  const folders = new Set<string>();
  const hiddenCounts = new Map<string, number>();
  let unlisted = 0;
  const skip = (path: string, reason: string) => {
    if (plan.skipped.length < SKIPPED_LISTED) plan.skipped.push({ path, reason });
    else unlisted += 1;
  };
  for (const path of filePaths) {
    const segments = path.slice(prefix.length).split('/');
    const base = segments[segments.length - 1]!;
    const hidden = segments.findIndex((s) => s.startsWith('.'));
    if (hidden !== -1) {
      // `.obsidian/` holds dozens of settings files: one line for the folder, not one for each.
      const root = prefix + segments.slice(0, hidden + 1).join('/') + (hidden < segments.length - 1 ? '/' : '');
      hiddenCounts.set(root, (hiddenCounts.get(root) ?? 0) + 1);
      continue;
    }
    if (!MARKDOWN.test(base)) {
      if (!/^(workspace\.json|README\.md)$/i.test(base)) skip(path, 'Not a markdown file.');
      continue;
    }
    const stem = base.replace(MARKDOWN, '');
    if (isJournalDate(stem)) {
      plan.days.push({ path, date: stem });
      continue;
    }
    let dirs = segments.slice(0, -1);
    if (ownLayout) {
      if (dirs[0] === 'files') dirs = dirs.slice(1);
      else if (['planning', 'coaching', 'people', 'meetings', 'journal'].includes(dirs[0] ?? '') || base === 'about-me.md') {
        skip(path, 'Part of an export whose workspace.json is missing: only its files and journal can be imported from markdown.');
        continue;
      }
    }
    const name = normalizeFileName(clean(stem));
    if (!name) {
      skip(path, 'The file has no name.');
      continue;
    }
    if (name.length > FILE_NAME_MAX) throw new ImportRefused([M.nameTooLong(path, 'file', FILE_NAME_MAX)]);
    const folder = folderName(dirs);
    folders.add(folder);
    plan.files.push({ path, folder, name });
  }
  for (const [root, n] of hiddenCounts) {
    skip(
      root,
      root.endsWith('/')
        ? `A hidden folder (an app’s settings) with ${n === 1 ? '1 file' : `${n.toLocaleString('en-GB')} files`}, not notes.`
        : 'A hidden file (an app’s settings), not a note.',
    );
  }
  if (unlisted)
    plan.skipped.push({ path: '…', reason: `And ${unlisted.toLocaleString('en-GB')} more entries skipped for the reasons above.` });
  plan.folders = [...folders];
  return plan;
}

const OWN_KEYS = new Set(['folder', 'folder_description', 'description', 'summary', 'goals']);

/**
 * A file's text and what its front matter says, when the front matter is this product's own
 * (`description`, `summary`, `goals`…); any other front matter (Obsidian's tags, aliases) stays
 * in the text, where the user wrote it.
 */
export function ownFrontMatter(text: string): { content: string; description: string; summary: string; goals: string } {
  const plain = { content: text, description: '', summary: '', goals: '' };
  const match = /^---\n([\s\S]*?)\n---\n\n?/.exec(text);
  if (!match) return plain;
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const kv = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (!kv || !OWN_KEYS.has(kv[1]!)) return plain;
    try {
      fields[kv[1]!] = kv[2]!.startsWith('"') ? (JSON.parse(kv[2]!) as string) : kv[2]!;
    } catch {
      return plain;
    }
  }
  return {
    content: text.slice(match[0].length),
    description: fields.description ?? '',
    summary: fields.summary ?? '',
    goals: fields.goals ?? '',
  };
}

import { formatDayInWords } from '@cc/contracts/dates';

/** What the README counts, by the tables the domains export (docs/export.md). */
const COUNTED: [domain: string, table: string, one: string, many: string][] = [
  ['files', 'folders', 'folder', 'folders'],
  ['files', 'files', 'file', 'files'],
  ['files', 'journal_entries', 'journal day', 'journal days'],
  ['coaching', 'todos', 'todo', 'todos'],
  ['coaching', 'milestones', 'milestone', 'milestones'],
  ['coaching', 'timeline_items', 'action-plan period', 'action-plan periods'],
  ['coaching', 'question_conversations', 'check-in answer', 'check-in answers'],
  ['coaching', 'coaching_plans', 'information-gathering plan', 'information-gathering plans'],
  ['people', 'people', 'person', 'people'],
  ['people', 'meetings', 'meeting', 'meetings'],
  ['chat', 'conversations', 'chat', 'chats'],
];

/** README.md of an export: what is where, and what this one holds. */
export function exportReadme(counts: Record<string, Record<string, number>>, exportedAt: Date): string {
  const held = COUNTED.map(([domain, table, one, many]) => {
    const n = counts[domain]?.[table] ?? 0;
    return n ? `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}` : '';
  }).filter(Boolean);
  const day = exportedAt.toISOString().slice(0, 10);
  return `# Your career workspace

Exported on ${formatDayInWords(day, day)} ${day.slice(0, 4)}. ${held.length ? `It holds ${held.join(', ')}.` : 'The workspace was empty.'}

Everything is plain markdown you can open in any editor, Obsidian included.

| where | what |
| --- | --- |
| \`files/<folder>/<file>.md\` | your files; the folder's and the file's descriptions, summary and goals are in the front matter at the top |
| \`journal/<year>/<date>.md\` | one journal day per file |
| \`planning/todos.md\`, \`planning/milestones.md\` | your todos and milestones as task lists, with dates and tags |
| \`planning/action-plan/<week>.md\` | the weeks (and other periods) of your action plan; archived plans in their own folders |
| \`coaching/<check-in>/<period>/<question>.md\` | each check-in answer: the conversation, your notes, the summary and the score |
| \`coaching/information-gathering/\` | your information-gathering plans |
| \`people/<name>.md\` | each person's profile and research |
| \`meetings/<date> <title>.md\` | each meeting: goals, agenda, notes, follow-ups, reflection |
| \`about-me.md\` | About me: your details, your statements with their sources, your executive summary |
| \`workspace.json\` | every record, for bringing this export back into a workspace with nothing lost |
`;
}

/**
 * The round trip's measure (issue 22): two workspace.json are "equal apart from ids and
 * timestamps" when they are equal once each is written this way. An id is replaced by the
 * row's place among its table's rows, and a reference by the place of the row it names
 * (`folders#0`), so a file in the wrong folder still shows; a conversation's `file:<id>` and
 * `person:<id>` keys, an answer's references to files, people and meetings, and a meeting's
 * follow-up todo's source, likewise. Timestamps become `<time>` (kept `null` when unset: an archived
 * plan stays told apart from the current one). The check-in question's own id is the
 * deployment's: its titles, which the row carries, say which it is.
 */

export interface WorkspaceRecord {
  domain: string;
  table: string;
  row: Record<string, unknown>;
}

export interface WorkspaceJson {
  format_version: number;
  records: WorkspaceRecord[];
  [key: string]: unknown;
}

/** Which table each reference column points at, per `domain.table`. */
const REFERENCES: Record<string, Record<string, string>> = {
  'files.files': { folder_id: 'files.folders' },
  'coaching.todos': { milestone_id: 'coaching.milestones' },
  'coaching.timeline_items': { plan_id: 'coaching.action_plans' },
  'people.person_research': { person_id: 'people.people' },
  'people.meeting_attendees': { meeting_id: 'people.meetings', person_id: 'people.people' },
  'chat.messages': { conversation_id: 'chat.conversations' },
};
const KEY_TABLES: Record<string, string> = { file: 'files.files', person: 'people.people' };
/** Ids that are not the workspace's own (the deployment's questionnaires). */
const FOREIGN_IDS: Record<string, string[]> = { 'coaching.question_conversations': ['question_id'] };

/** What an answer's reference of each kind names, and the address params that carry an id. */
const REFERENCE_TABLES: Record<string, string> = { file: 'files.files', person: 'people.people', meeting: 'people.meetings' };
const ADDRESS_PARAMS: Record<string, string> = { person: 'people.people', meeting: 'people.meetings' };

const isTimestamp = (column: string) => column.endsWith('_at');

/** An app address with the person and meeting ids it carries as places. */
function addressWithPlaces(address: string, placeOf: (table: string, id: unknown) => unknown): string {
  const url = new URL(address, 'http://workspace');
  for (const [param, target] of Object.entries(ADDRESS_PARAMS)) {
    const id = url.searchParams.get(param);
    if (id) url.searchParams.set(param, String(placeOf(target, id)));
  }
  return `${url.pathname}${url.search}`;
}

/** `workspace` with ids as places and timestamps as `<time>`, ready to compare with `toEqual`. */
export function comparableWorkspace(workspace: WorkspaceJson): WorkspaceJson {
  const places = new Map<string, Map<string, number>>();
  for (const { domain, table, row } of workspace.records) {
    if (row.id === undefined || row.id === null) continue;
    const key = `${domain}.${table}`;
    const inTable = places.get(key) ?? new Map<string, number>();
    places.set(key, inTable);
    inTable.set(String(row.id), inTable.size);
  }
  const placeOf = (table: string, id: unknown) => {
    if (id === null || id === undefined) return id;
    const place = places.get(table)?.get(String(id));
    return place === undefined ? `${table.split('.')[1]}#missing:${String(id)}` : `${table.split('.')[1]}#${place}`;
  };

  const records = workspace.records.map(({ domain, table, row }) => {
    const key = `${domain}.${table}`;
    const out: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (column === 'id') out.id = placeOf(key, value);
      else if (REFERENCES[key]?.[column]) out[column] = placeOf(REFERENCES[key][column], value);
      else if (FOREIGN_IDS[key]?.includes(column)) continue;
      else if (isTimestamp(column)) out[column] = value === null ? null : '<time>';
      else if (key === 'chat.conversations' && column === 'key' && typeof value === 'string') {
        const match = /^(file|person):(\d+)$/.exec(value);
        out.key = match ? `${match[1]}:${String(placeOf(KEY_TABLES[match[1]!]!, match[2]))}` : value;
      } else if (key === 'chat.messages' && column === 'references' && Array.isArray(value)) {
        out.references = value.map((ref: Record<string, unknown>) => {
          const table = REFERENCE_TABLES[String(ref.kind)];
          const url = typeof ref.url === 'string' ? { url: addressWithPlaces(ref.url, placeOf) } : {};
          return { ...ref, ...(table ? { id: placeOf(table, ref.id) } : {}), ...url };
        });
      } else if (key === 'coaching.todos' && column === 'source_key' && typeof value === 'string') {
        const match = /^meeting:(\d+)(:.*)?$/.exec(value);
        out.source_key = match ? `meeting:${String(placeOf('people.meetings', match[1]))}${match[2] ?? ''}` : value;
      } else if (key === 'coaching.todos' && column === 'source_url' && typeof value === 'string') {
        out.source_url = addressWithPlaces(value, placeOf);
      } else out[column] = value;
    }
    return { domain, table, row: out };
  });

  const rest = Object.fromEntries(Object.entries(workspace).filter(([k]) => k !== 'records' && !isTimestamp(k)));
  return { ...rest, format_version: workspace.format_version, records };
}

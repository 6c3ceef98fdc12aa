import {
  DEFAULT_COMPANY_GROUP,
  PROFILE_LIMITS,
  type CompanyStatement,
  type CompanyStatements,
  type Profile,
  type ProfileDetails,
  type ProfileStatement,
  type StatementStatus,
} from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from '../tables';

/** The user's About me profile: one row, made on first write; every query is scoped by user_id. */

const EMPTY_DETAILS: ProfileDetails = { full_name: '', company: '', company_description: '', role: '', extra: '' };

const json = <V>(v: unknown, fallback: V): V => (v == null ? fallback : typeof v === 'string' ? (JSON.parse(v) as V) : (v as V));

interface Row {
  details: unknown;
  ai_profile_markdown: string;
  ai_profile_narrative: string;
  statements: unknown;
  company_statements: unknown;
}

function fromRow(row: Row | undefined): Profile {
  if (!row)
    return { details: { ...EMPTY_DETAILS }, ai_profile_markdown: '', ai_profile_narrative: '', statements: [], company_statements: {} };
  return {
    details: { ...EMPTY_DETAILS, ...json<Partial<ProfileDetails>>(row.details, {}) },
    ai_profile_markdown: row.ai_profile_markdown,
    ai_profile_narrative: row.ai_profile_narrative,
    statements: json<ProfileStatement[]>(row.statements, []),
    company_statements: json<CompanyStatements>(row.company_statements, {}),
  };
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  return fromRow((await db(T.profiles).where({ user_id: userId }).first()) as Row | undefined);
}

/** Writes the given columns, making the row on first write. */
async function upsert(db: Db, userId: number, values: Record<string, unknown>): Promise<Profile> {
  const row = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const));
  const [saved] = (await db(T.profiles)
    .insert({ user_id: userId, ...row })
    .onConflict('user_id')
    .merge({ ...row, updated_at: db.fn.now() })
    .returning('*')) as Row[];
  return fromRow(saved);
}

/** Saves the fields sent (the others keep their value), in one statement so two autosaves never lose each other's field. */
export async function saveDetails(db: Db, userId: number, details: Partial<ProfileDetails>): Promise<ProfileDetails> {
  const patch = JSON.stringify(details);
  const { rows } = await db.raw(
    `insert into ${T.profiles} (user_id, details) values (?, ?::jsonb)
     on conflict (user_id) do update set details = ${T.profiles}.details || excluded.details, updated_at = now()
     returning details`,
    [userId, patch],
  );
  return { ...EMPTY_DETAILS, ...json<Partial<ProfileDetails>>((rows[0] as { details: unknown }).details, {}) };
}

export async function saveGenerated(db: Db, userId: number, markdown: string, statements: ProfileStatement[]): Promise<Profile> {
  return upsert(db, userId, { ai_profile_markdown: markdown, statements: statements.slice(0, PROFILE_LIMITS.statements) });
}

export async function saveCompanyStatements(db: Db, userId: number, list: CompanyStatement[]): Promise<CompanyStatements> {
  return (await upsert(db, userId, { company_statements: groupByCompany(list) })).company_statements;
}

export async function saveNarrative(db: Db, userId: number, narrative: string): Promise<string> {
  return (await upsert(db, userId, { ai_profile_narrative: narrative })).ai_profile_narrative;
}

/** Grouped by source company, in the order first met; an empty source is 'Company' (docs/about-me.md#company-insights). */
export function groupByCompany(list: CompanyStatement[]): CompanyStatements {
  const groups: CompanyStatements = {};
  for (const s of list) {
    const company = s.source.trim() || DEFAULT_COMPANY_GROUP;
    (groups[company] ??= []).push({ ...s, source: company });
  }
  return groups;
}

/**
 * Edits the statements under a row lock (two tabs deleting by index must not delete the same
 * statement twice or the wrong one). Answers the new list, or 'not_found' for an index past the end.
 */
async function editStatements<K extends 'statements' | 'company_statements', V>(
  db: Db,
  userId: number,
  column: K,
  edit: (current: V) => V | 'not_found',
  empty: V,
): Promise<V | 'not_found'> {
  return db.transaction(async (trx) => {
    const row = (await trx(T.profiles).where({ user_id: userId }).forUpdate().first(column)) as Record<K, unknown> | undefined;
    const next = edit(json<V>(row?.[column], empty));
    if (next === 'not_found' || !row) return 'not_found';
    await trx(T.profiles)
      .where({ user_id: userId })
      .update({ [column]: JSON.stringify(next), updated_at: trx.fn.now() });
    return next;
  });
}

export function deleteStatement(db: Db, userId: number, index: number) {
  return editStatements<'statements', ProfileStatement[]>(
    db,
    userId,
    'statements',
    (list) => (index < list.length ? list.filter((_, i) => i !== index) : 'not_found'),
    [],
  );
}

export function verifyStatement(db: Db, userId: number, index: number, status: StatementStatus) {
  return editStatements<'statements', ProfileStatement[]>(
    db,
    userId,
    'statements',
    (list) => (index < list.length ? list.map((s, i) => (i === index ? { ...s, status } : s)) : 'not_found'),
    [],
  );
}

export function deleteCompanyStatement(db: Db, userId: number, company: string, index: number) {
  const group = company.trim() || DEFAULT_COMPANY_GROUP;
  return editStatements<'company_statements', CompanyStatements>(
    db,
    userId,
    'company_statements',
    (groups) => {
      const list = groups[group];
      if (!list || index >= list.length) return 'not_found';
      const rest = list.filter((_, i) => i !== index);
      const next = { ...groups, [group]: rest };
      if (!rest.length) delete next[group];
      return next;
    },
    {},
  );
}

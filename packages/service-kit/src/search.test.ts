import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDb, type Db } from './db';
import { ensureExtension, headlineSql, parseSearch, snippetOf, trigramSql, typoMatches, TYPO_SIMILARITY, withinOneEdit } from './search';
import { freshDatabase, type TestDatabase } from './testing';

describe('parseSearch', () => {
  it('makes every word a prefix and a quoted phrase its words in order', () => {
    expect(parseSearch('migr')).toEqual({ tsquery: 'migr:*', words: ['migr'] });
    expect(parseSearch('Plan "next quarter" Ada')).toEqual({
      tsquery: '(next <-> quarter) & plan:* & ada:*',
      words: ['next', 'quarter', 'plan', 'ada'],
    });
  });

  it('with any, asks for any two of the words', () => {
    expect(parseSearch('migration', { any: true })?.tsquery).toBe('migration:*');
    expect(parseSearch('migration postgres quarter', { any: true })?.tsquery).toBe(
      '(migration:* & postgres:*) | (migration:* & quarter:*) | (postgres:* & quarter:*)',
    );
  });

  it('lets only letters and digits reach the tsquery', () => {
    expect(parseSearch("a & b | !c <-> d:* 'e'")?.tsquery).toBe('a:* & b:* & c:* & d:* & e:*');
    expect(parseSearch('?! &')).toBeNull();
    expect(parseSearch('""')).toBeNull();
    expect(parseSearch('Zoë 1:1')?.tsquery).toBe('zoë:* & 1:* & 1:*');
  });
});

describe('snippetOf', () => {
  const mark = (s: string) => s.replace(/\[\[/g, '\u0001').replace(/\]\]/g, '\u0002');

  it('gives plain text with the offsets of the marked words', () => {
    const { snippet, highlights } = snippetOf(mark('## Plan\n\n- [ ] the **[[migration]]** to [[Postgres]] by [Friday](/x)'));
    expect(snippet).toBe('Plan. the migration to Postgres by Friday');
    expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['migration', 'Postgres']);
  });

  it('clips a long text to 240 characters around the first match, on word boundaries', () => {
    const before = 'word '.repeat(100);
    const after = ' tail'.repeat(100);
    const { snippet, highlights } = snippetOf(mark(`${before}the [[needle]] here${after}`));
    expect(snippet.length).toBeLessThanOrEqual(240);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(highlights).toHaveLength(1);
    expect(snippet.slice(...highlights[0]!)).toBe('needle');
    expect(snippet).not.toMatch(/\s\s/);
  });

  // The palette shows two lines of a snippet: a match past them is not seen.
  const SHORT_NOTE =
    '# Weekly sync\n\n- Talked about hiring\n- Budget is tight\n\nWe went through the roadmap for next week with Priya. At the end she asked about the [[audit]] plan.';

  it('starts a short text shortly before a match in its last sentence, on the sentence', () => {
    const { snippet, highlights } = snippetOf(mark(SHORT_NOTE));
    expect(snippet).toBe('…At the end she asked about the audit plan.');
    expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['audit']);
  });

  it('starts on a word at most 50 characters before the match when its sentence starts earlier', () => {
    const text = `Notes. ${'We talked about the plan and the people and the dates and more '.repeat(2)}and then the [[kayak]] trip`;
    const { snippet, highlights } = snippetOf(mark(text));
    expect(snippet.startsWith('…')).toBe(true);
    expect(highlights[0]![0]).toBeLessThanOrEqual(51);
    expect(snippet.slice(...highlights[0]!)).toBe('kayak');
    expect(snippet.endsWith('kayak trip')).toBe(true);
    // Cut on a word: the snippet starts with a whole word of the text.
    expect(text).toContain(` ${snippet.slice(1).split(' ')[0]} `);
  });

  it('keeps a short text whole when its first match is near its start', () => {
    const { snippet } = snippetOf(
      mark('Planning notes: the [[audit]] starts in May. Then the roadmap review, the hiring plan and the offsite.'),
    );
    expect(snippet).toBe('Planning notes: the audit starts in May. Then the roadmap review, the hiring plan and the offsite.');
  });
});

describe('typos', () => {
  it('allows one edit per word', () => {
    expect(withinOneEdit('lovelace', 'lovelace')).toBe(true);
    expect(withinOneEdit('lovelase', 'lovelace')).toBe(true);
    expect(withinOneEdit('lvelace', 'lovelace')).toBe(true);
    expect(withinOneEdit('lovelacee', 'lovelace')).toBe(true);
    expect(withinOneEdit('lovleace', 'lovelace')).toBe(true);
    expect(withinOneEdit('lvlace', 'lovelace')).toBe(false);
    expect(typoMatches(['ada', 'lovelase'], 'Ada Lovelace')).toBe(true);
    expect(typoMatches(['adq'], 'Ada Lovelace')).toBe(true);
    expect(typoMatches(['lovel'], 'Ada Lovelace')).toBe(true);
    expect(typoMatches(['grace'], 'Ada Lovelace')).toBe(false);
    expect(typoMatches(['a'], 'Ada Lovelace')).toBe(false);
  });
});

describe.each([
  [
    'PGlite',
    async (): Promise<TestDatabase> => {
      const db = await createDb({});
      return { db, drop: () => db.destroy() };
    },
  ],
  ['Postgres (or PGlite when none is reachable)', freshDatabase],
])('in SQL on %s', (_name, open) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await open();
    db = database.db;
    await Promise.all([ensureExtension(db, 'pg_trgm'), ensureExtension(db, 'pg_trgm')]);
    await db.raw(`create table notes (id serial primary key, title text, body text,
      search tsvector generated always as (setweight(to_tsvector('english', title), 'A') || to_tsvector('english', body)) stored)`);
    await db.raw('create index notes_search on notes using gin (search)');
    await db.raw('create index notes_title_trgm on notes using gin (lower(title) public.gin_trgm_ops)');
    await db('notes').insert([
      { title: 'Database migration', body: 'We planned the migration to Postgres for next quarter.' },
      { title: 'Planning offsite', body: 'Agenda: next steps, then the quarter review.' },
      { title: 'Ada Lovelace', body: 'Mentor.' },
    ]);
  });
  afterAll(() => database.drop());

  const find = async (q: string) => {
    const parsed = parseSearch(q)!;
    const rows = await db.raw(
      `select title, ${headlineSql('body', 'q.query')} as marked
         from notes, to_tsquery('english', ?) as q(query)
        where search @@ q.query order by ts_rank_cd(search, q.query) desc, id`,
      [parsed.tsquery],
    );
    return rows.rows as Array<{ title: string; marked: string }>;
  };

  it('finds prefixes, word forms and phrases', async () => {
    expect((await find('migr')).map((r) => r.title)).toEqual(['Database migration']);
    expect((await find('planning')).map((r) => r.title)).toEqual(['Planning offsite', 'Database migration']);
    expect((await find('"next quarter"')).map((r) => r.title)).toEqual(['Database migration']);
    const [first] = await find('postgres');
    const { snippet, highlights } = snippetOf(first!.marked);
    expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['Postgres']);
  });

  it('a headline of a short note shows a match in its last sentence near the start', async () => {
    const note = `# Weekly sync\n\n- Talked about hiring\n- Budget is tight\n\nWe went through the roadmap for next week with Priya and the team. At the end she asked about the audit plan.`;
    for (const marked of [
      (await db.raw(`select ${headlineSql('?::text', `to_tsquery('english', ?)`)} as m`, [note, parseSearch('audit')!.tsquery])).rows[0].m,
      // A whole text marked (svc-coaching marks a short one whole).
      (
        await db.raw(
          `select ts_headline('english', ?::text, to_tsquery('english', ?), 'HighlightAll=true, StartSel=\u0001, StopSel=\u0002') as m`,
          [note, parseSearch('audit')!.tsquery],
        )
      ).rows[0].m,
    ] as string[]) {
      const { snippet, highlights } = snippetOf(marked);
      expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['audit']);
      expect(highlights[0]![0]).toBeLessThanOrEqual(51);
      expect(snippet).toMatch(/^…At the end she asked about the audit plan\.?$/);
    }
  });

  it('finds a title with a typo through trigrams, at the threshold every connection opens with', async () => {
    // Several at once: each on its own connection of the pool (PGlite has one).
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.raw(
          `select title, current_setting('pg_trgm.word_similarity_threshold') as threshold from notes where ${trigramSql('lower(title)', '?')}`,
          ['lovelase'],
        ),
      ),
    );
    for (const { rows } of answers) {
      expect(rows.map((r: { title: string }) => r.title)).toEqual(['Ada Lovelace']);
      expect(Number(rows[0].threshold)).toBe(TYPO_SIMILARITY);
    }
  });
});

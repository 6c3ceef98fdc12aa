/**
 * The verbs a goal starts with (goal-phrases.ts): which kind of goal each begins, and their
 * forms ("send" → "sent", "run" → "running") for the results and steps a plan writes.
 */
import type { GoalKind } from './goal-phrases';

interface Verb {
  kind: GoalKind;
  /** Past participle ("sent"). */
  done: string;
}

export const KNOWN: Record<string, Verb> = {};
const add = (kind: GoalKind, entries: string) => {
  for (const entry of entries.split(',')) {
    const [verb, done] = entry.split('=').map((s) => s.trim());
    // The first kind a verb is listed under is its kind ("ask" is a talk, not an other).
    KNOWN[verb!] ??= { kind, done: done || participle(verb!) };
  }
};

const IRREGULAR: Record<string, string> = {
  be: 'been',
  become: 'become',
  begin: 'begun',
  build: 'built',
  buy: 'bought',
  choose: 'chosen',
  cut: 'cut',
  do: 'done',
  find: 'found',
  get: 'got',
  give: 'given',
  go: 'gone',
  grow: 'grown',
  have: 'had',
  hit: 'hit',
  hold: 'held',
  keep: 'kept',
  lead: 'led',
  make: 'made',
  meet: 'met',
  pay: 'paid',
  put: 'put',
  read: 'read',
  run: 'run',
  say: 'said',
  sell: 'sold',
  send: 'sent',
  set: 'set',
  speak: 'spoken',
  take: 'taken',
  teach: 'taught',
  tell: 'told',
  win: 'won',
  write: 'written',
  rewrite: 'rewritten',
};
/** Short verbs whose last consonant doubles: "ship" → "shipped", "shipping". */
const DOUBLES = new Set([
  'ship',
  'plan',
  'stop',
  'drop',
  'chat',
  'commit',
  'submit',
  'prep',
  'map',
  'scrap',
  'pin',
  'tag',
  'run',
  'get',
  'set',
  'put',
  'win',
  'begin',
  'swim',
  'cut',
  'hit',
  'sit',
  'jog',
  'rerun',
]);

function participle(verb: string): string {
  const [head, ...rest] = verb.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  const base = head!;
  if (IRREGULAR[base]) return IRREGULAR[base] + tail;
  if (DOUBLES.has(base)) return `${base}${base.at(-1)}ed${tail}`;
  if (base.endsWith('e')) return `${base}d${tail}`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied${tail}`;
  return `${base}ed${tail}`;
}

/** "run" → "running", "write" → "writing", "roll out" → "rolling out". */
export function gerund(verb: string): string {
  const [head, ...rest] = verb.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  const base = head!;
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying${tail}`;
  if (DOUBLES.has(base)) return `${base}${base.at(-1)}ing${tail}`;
  if (base.endsWith('e') && !base.endsWith('ee') && base !== 'be') return `${base.slice(0, -1)}ing${tail}`;
  return `${base}ing${tail}`;
}

add(
  'deliver',
  'launch,relaunch,re-launch,ship,release,publish,submit,send,send out,deliver,roll out,hand in,migrate,announce,file,go live=gone live',
);
add(
  'make',
  'write,draft,prepare,build,create,design,finish,complete,update,plan,rewrite,refactor,polish,outline,put together,set up,organise,organize,fix,clean up,document,wrap up,make,do,implement,redesign,refresh,tidy up,rebuild,revamp,overhaul,rework',
);
add('review', 'review,check,edit,proofread=proofread,go through=gone through,read through=read through');
add('present', 'present,demo=demoed,pitch,give');
add(
  'prepare',
  'prepare for=ready for,get ready for=ready for,practise for=ready for,practice for=ready for,study for=ready for,rehearse,rehearse for=ready for',
);
add(
  'talk',
  'talk,speak,meet,call,ask,catch up,follow up,discuss,sync,check in,reach out,email,thank,have,schedule,book,set up time,ask for,get feedback=got feedback,request',
);
add(
  'learn',
  'learn,study,practise,practice,read,improve,get better at=got better at,understand=understood,find out=found out,get to know=got to know,explore,research,map out',
);
add('decide', 'decide,choose,pick,figure out,work out,settle');
add('job', 'apply for,apply to,change jobs=changed jobs,switch jobs=switched jobs,look for,find,land,negotiate');
// "finish my first ninety days", "start the new job": settling in, see NEW_JOB in goal-phrases.ts.
add('other', 'settle in,ramp up,nail,ace,survive,get through=got through');
add(
  'other',
  'run,get,go,start,stop,join,hire,grow,reduce,increase,cut,raise,close,win,lead,mentor,onboard,move,pass,become,reach,hit,ask,cover,hand over,delegate,train,coach,support,help,set,save,clear,earn,secure,achieve,finalise,finalize,agree,sign,test,interview',
);

/** Longest first, so "prepare for" wins over "prepare". */
export const VERBS_BY_LENGTH = Object.keys(KNOWN).sort((a, b) => b.split(' ').length - a.split(' ').length || b.length - a.length);

/** "sent", "launched", "rolled out". */
export const doneForm = (verb: string) => KNOWN[verb]?.done ?? participle(verb);

/** The kinds of making, each stepped its own way: drafted, built, planned, finished off. */
export const MAKE_DRAFTS = new Set(['write', 'draft', 'prepare', 'create', 'put together', 'outline', 'document', 'rewrite', 'make', 'do']);
export const MAKE_BUILDS = new Set(['build', 'design', 'set up', 'implement', 'redesign', 'refactor', 'fix']);
export const MAKE_PLANS = new Set(['plan', 'organise', 'organize']);
export const FINISHING = new Set(['finish', 'complete', 'wrap up', 'polish', 'tidy up']);

/**
 * The English gloss of a passive verb the analyzer makes by rule (passive.ts), from its active's
 * gloss as BAMA writes its own passives: each sense `be` + the past participle of its first word,
 * the rest of the sense kept (`announce/declare` → `be announced/be declared`, `carry out` →
 * `be carried out`). The participle is the English one: an irregular verb's from
 * {@link IRREGULAR}, else the regular `-ed` spelt by the usual rules (`use` → `used`, `carry` →
 * `carried`, `stop` → `stopped`, `admit` → `admitted`). A sense that is already a state (`be
 * happy`, `become known`) has no passive of its own and is left out; a gloss with no other sense
 * becomes {@link PASSIVE_MARK} + the active's.
 */

/** What marks a gloss whose senses have no English passive (`[passive] be tolerant`). */
export const PASSIVE_MARK = '[passive] ';

/** English verbs whose past participle is not the regular `-ed` (the base form → the participle). */
const IRREGULAR: ReadonlyMap<string, string> = new Map(Object.entries({
  arise: 'arisen', awake: 'awoken', befall: 'befallen', bear: 'borne', beat: 'beaten', begin: 'begun', bend: 'bent', bid: 'bid',
  bind: 'bound', bite: 'bitten', bleed: 'bled', blow: 'blown', break: 'broken', breed: 'bred', bring: 'brought',
  build: 'built', burst: 'burst', buy: 'bought', cast: 'cast', catch: 'caught', choose: 'chosen', cling: 'clung',
  come: 'come', cost: 'cost', cut: 'cut', deal: 'dealt', dig: 'dug', do: 'done', draw: 'drawn', drink: 'drunk',
  drive: 'driven', dwell: 'dwelt', eat: 'eaten', fall: 'fallen', feed: 'fed', feel: 'felt', fight: 'fought',
  find: 'found', flee: 'fled', fling: 'flung', fly: 'flown', forbid: 'forbidden', forget: 'forgotten',
  forgive: 'forgiven', freeze: 'frozen', get: 'gotten', give: 'given', go: 'gone', grind: 'ground', grow: 'grown',
  hang: 'hung', have: 'had', hear: 'heard', hide: 'hidden', hit: 'hit', hold: 'held', hurt: 'hurt', keep: 'kept',
  kneel: 'knelt', know: 'known', lay: 'laid', lead: 'led', leave: 'left', lend: 'lent', let: 'let', lie: 'lain',
  light: 'lit', lose: 'lost', make: 'made', mean: 'meant', meet: 'met', overcome: 'overcome',
  overtake: 'overtaken', oversee: 'overseen', overthrow: 'overthrown', pay: 'paid', put: 'put', quit: 'quit',
  read: 'read', rend: 'rent', ride: 'ridden', ring: 'rung', rise: 'risen', run: 'run', say: 'said', see: 'seen',
  seek: 'sought', sell: 'sold', send: 'sent', set: 'set', sew: 'sewn', shake: 'shaken', shed: 'shed',
  shine: 'shone', shoot: 'shot', show: 'shown', shrink: 'shrunk', shut: 'shut', sing: 'sung', sink: 'sunk',
  sit: 'sat', slay: 'slain', slide: 'slid', sling: 'slung', slit: 'slit', sow: 'sown', speak: 'spoken',
  spend: 'spent', spin: 'spun', spit: 'spat', split: 'split', spread: 'spread', stand: 'stood', steal: 'stolen',
  stick: 'stuck', sting: 'stung', stink: 'stunk', stride: 'stridden', strike: 'struck', strive: 'striven',
  swear: 'sworn', sweep: 'swept', swell: 'swollen', swing: 'swung', take: 'taken', teach: 'taught', tear: 'torn',
  tell: 'told', think: 'thought', throw: 'thrown', thrust: 'thrust', tread: 'trodden', understand: 'understood',
  undergo: 'undergone', undertake: 'undertaken', uphold: 'upheld', wake: 'woken', wear: 'worn', weave: 'woven',
  weep: 'wept', win: 'won', wind: 'wound', withdraw: 'withdrawn', withhold: 'withheld', withstand: 'withstood',
  write: 'written',
}));

/**
 * Verbs of more than one syllable stressed on the last, whose final consonant doubles before `-ed`
 * (`admit` → `admitted`); a verb of one syllable in a single vowel and consonant doubles by rule.
 */
const DOUBLING = new Set([
  'abet', 'acquit', 'admit', 'allot', 'commit', 'compel', 'confer', 'control', 'defer', 'deter', 'dispel', 'embed',
  'emit', 'equip', 'excel', 'expel', 'impel', 'incur', 'infer', 'occur', 'omit', 'patrol', 'permit', 'prefer', 'propel',
  'rebel', 'recur', 'refer', 'regret', 'remit', 'repel', 'submit', 'transfer', 'transmit', 'upset',
]);

/** A stative sense, which has no passive: `be …`, `become …`. */
const STATE = /^(be|become)\b/;

/** The past participle of an English verb (its base form, lower case). */
export function pastParticiple(verb: string): string {
  const irregular = IRREGULAR.get(verb);
  if (irregular !== undefined) return irregular;
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  if (verb.endsWith('c')) return `${verb}ked`;
  if (DOUBLING.has(verb) || /^[^aeiou]*[aeiou][bdgklmnprtv]$/.test(verb)) return `${verb}${verb.at(-1)}ed`;
  return `${verb}ed`;
}

/** The passive of one sense (`carry out` → `be carried out`); null for a state or a sense that is no verb's. */
function passiveSense(sense: string): string | null {
  const s = sense.trim();
  const m = /^([a-z]+)(.*)$/.exec(s);
  if (!m || STATE.test(s)) return null;
  return `be ${pastParticiple(m[1])}${m[2]}`;
}

/**
 * The gloss of the passive of a verb with gloss `active` (a cleaned stem gloss: senses joined by
 * `/`). Returns it (see the module comment). Throws nothing.
 */
export function passiveGloss(active: string): string {
  const senses = active.split('/').map(passiveSense).filter((s): s is string => s !== null);
  return senses.length > 0 ? senses.join('/') : PASSIVE_MARK + active;
}

/**
 * A seeded generator of a small Turkish-like corpus in the plain candidates format
 * (`lemma+Pos+Tag+Tag…` analyses, as Turkish morphological analyzers print them), for tests
 * of lexdis on a tag set that is not Arabic. The morphology is a toy with real syncretisms:
 * `evi` is ev+Noun+A3sg+Pnon+Acc or ev+Noun+A3sg+P3sg+Nom, `evin` is the genitive or the
 * 2nd person possessive, `at` the noun "horse" or the verb "throw!", `atin` the genitive, the
 * possessive or "throw!" (plural), `yeni` an adjective or a noun. The gold analysis
 * depends on the context: a noun after a genitive takes P3sg, the object of gör/al/yap/at is
 * accusative and that of git/ver dative, so a model that sees context can beat the most
 * frequent label. Nothing here is real Turkish data.
 *
 * Run as a script to print a sample: `node dist/test/helpers/turkish-like.js [SEED] [DOCS] [--starred]`.
 */
import { Rng } from '../../src/random.js';

const NOUNS = ['ev', 'kitap', 'yol', 'kapı', 'at', 'yaz', 'yüz', 'gelir', 'yen', 'el', 'göz'];
const VERBS_ACC = ['gör', 'al', 'yap', 'at'];
const VERBS_DAT = ['git', 'ver'];
const VERBS_INTR = ['gel', 'yaz', 'yüz'];
const VERBS = [...VERBS_ACC, ...VERBS_DAT, ...VERBS_INTR];
const ADJS = ['güzel', 'büyük', 'yeni'];

const AGR_N = ['A3sg', 'A3pl'] as const;
const POSS = ['Pnon', 'P1sg', 'P2sg', 'P3sg'] as const;
const CASES = ['Nom', 'Acc', 'Dat', 'Loc', 'Gen'] as const;
const POL = ['Pos', 'Neg'] as const;
const TENSE = ['Past', 'Prog', 'Aor'] as const;
const AGR_V = ['A3sg', 'A1sg', 'A3pl'] as const;

interface Analysis {
  text: string;
  surface: string;
}

function noun(lemma: string, agr: string, poss: string, kase: string): Analysis {
  const possSuffix: Record<string, string> = { Pnon: '', P1sg: 'im', P2sg: 'in', P3sg: 'i' };
  const caseSuffix: Record<string, string> = poss === 'P3sg'
    ? { Nom: '', Acc: 'ni', Dat: 'ne', Loc: 'nde', Gen: 'nin' }
    : { Nom: '', Acc: 'i', Dat: 'e', Loc: 'de', Gen: 'in' };
  const surface = lemma + (agr === 'A3pl' ? 'ler' : '') + possSuffix[poss] + caseSuffix[kase];
  return { text: `${lemma}+Noun+${agr}+${poss}+${kase}`, surface };
}

function verb(lemma: string, pol: string, tense: string, agr: string): Analysis {
  const t: Record<string, string> = { Past: 'di', Prog: 'iyor', Aor: 'ir' };
  const a: Record<string, string> = { A3sg: '', A1sg: 'm', A3pl: 'ler' };
  return { text: `${lemma}+Verb+${pol}+${tense}+${agr}`, surface: lemma + (pol === 'Neg' ? 'me' : '') + t[tense] + a[agr] };
}

/** Every analysis of the toy lexicon, by surface form. */
function analysesBySurface(): Map<string, string[]> {
  const all: Analysis[] = [];
  for (const l of NOUNS) for (const g of AGR_N) for (const p of POSS) for (const c of CASES) all.push(noun(l, g, p, c));
  for (const l of VERBS) {
    for (const p of POL) for (const t of TENSE) for (const a of AGR_V) all.push(verb(l, p, t, a));
    all.push({ text: `${l}+Verb+Pos+Imp+A2sg`, surface: l });
    all.push({ text: `${l}+Verb+Pos+Imp+A2pl`, surface: `${l}in` });
  }
  for (const l of ADJS) all.push({ text: `${l}+Adj`, surface: l });
  all.push({ text: 'için+Postp+PCNom', surface: 'için' });
  const by = new Map<string, string[]>();
  for (const a of all) by.set(a.surface, [...(by.get(a.surface) ?? []), a.text]);
  return by;
}

export interface TurkishLikeOptions {
  seed: number;
  documents: number;
  sentences: number;
  /** Write the analyzer's order with `* ` before the gold instead of gold-first. */
  starred: boolean;
}

/** One sentence: the gold analyses, by a small grammar whose choices depend on the neighbours. */
function sentence(rng: Rng): Analysis[] {
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)];
  const out: Analysis[] = [];
  if (rng.next() < 0.4) out.push({ text: `${pick(ADJS)}+Adj`, surface: '' });
  const kind = rng.int(3);
  if (kind === 0) {
    // Genitive construction: N-Gen N-P3sg, then an intransitive verb.
    out.push(noun(pick(NOUNS), pick(AGR_N), 'Pnon', 'Gen'));
    out.push(noun(pick(NOUNS), pick(AGR_N), 'P3sg', 'Nom'));
    out.push(verb(pick(VERBS_INTR), pick(POL), pick(TENSE), 'A3sg'));
  } else if (kind === 1) {
    // Object: accusative before gör/al/yap/at, dative before git/ver.
    const acc = rng.next() < 0.6;
    out.push(noun(pick(NOUNS), pick(AGR_N), pick(['Pnon', 'Pnon', 'P1sg'] as const), acc ? 'Acc' : 'Dat'));
    out.push(verb(pick(acc ? VERBS_ACC : VERBS_DAT), pick(POL), pick(TENSE), pick(AGR_V)));
  } else {
    // A possessed subject, a locative, and an imperative at the end.
    out.push(noun(pick(NOUNS), 'A3sg', pick(['P3sg', 'P2sg'] as const), 'Nom'));
    out.push(noun(pick(NOUNS), pick(AGR_N), 'Pnon', 'Loc'));
    const v = pick(VERBS);
    const pl = rng.next() < 0.5;
    out.push({ text: `${v}+Verb+Pos+Imp+${pl ? 'A2pl' : 'A2sg'}`, surface: pl ? `${v}in` : v });
  }
  return out.map((a) => (a.surface === '' ? { ...a, surface: a.text.split('+')[0] } : a));
}

/** The corpus as candidates-format text (seeded: the same options give the same text). */
export function turkishLikeCandidates(options: Partial<TurkishLikeOptions> = {}): string {
  const o: TurkishLikeOptions = { seed: 1, documents: 40, sentences: 5, starred: false, ...options };
  const rng = new Rng(o.seed);
  const by = analysesBySurface();
  const lines = ['# A Turkish-like toy corpus (test/helpers/turkish-like.ts), seed ' + o.seed];
  for (let d = 0; d < o.documents; d++) {
    lines.push(`<DOC t${d + 1}>`);
    for (let s = 0; s < o.sentences; s++) {
      lines.push('<S>');
      for (const g of sentence(rng)) {
        // The "analyzer's" order: a seeded shuffle of every analysis of the surface form.
        const all = rng.shuffle([...by.get(g.surface)!]);
        const fields = o.starred
          ? all.map((a) => (a === g.text ? `* ${a}` : a))
          : [g.text, ...all.filter((a) => a !== g.text)];
        lines.push([g.surface, ...fields].join('\t'));
      }
      lines.push('.\t?', '</S>');
    }
    lines.push('</DOC>');
  }
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  process.stdout.write(turkishLikeCandidates({
    seed: Number(args[0] ?? 1), documents: Number(args[1] ?? 40), starred: process.argv.includes('--starred'),
  }));
}

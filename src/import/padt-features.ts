/**
 * What a PADT word's annotation says about its analysis, scored against a candidate: the last
 * tie-break of the PADT projection (padt-project.ts), after the vocalization and the lemma.
 *
 * The content token of a rebuilt word is its last token that is neither a proclitic nor an
 * enclitic (a word made of clitics only, لَ + هَا: its last proclitic). Its UPOS and FEATS are
 * compared with the candidate's label elements, +1 when they agree and −1 when they do not,
 * only where both sides say something:
 *   UPOS      the candidate's POS (NOUN/PROPN → NOUN, ADJ → ADJ, VERB/AUX → VERB, ADP → PREP,
 *             CONJ/SCONJ/PART → CONJ, PART or FUNC_WORD, PRON/DET → PRON or DET, NUM → NOUN or
 *             ADJ, ADV → ADV, INTJ → INTERJ; X says nothing); XPOS `Z` (proper noun) and `Q`
 *             (numeral) also ask for the dpos PROP and NUM
 *   Case      Nom → NOM; Acc → ACC (or ACCGEN); Gen → GEN (or ACCGEN)
 *   Mood      Ind → I; Sub → S (or SJ); Jus → J (or SJ)
 *   Voice     Pass ↔ a passive verb (ud-agree.ts candidateShape), Act ↔ an active one
 *   Definite  Def ↔ the article; Ind ↔ tanween; Red, Cons, Com ↔ neither (±½, less than Case:
 *             a diptote's genitive is written with fatha and tagged CASE_INDEF_GEN by BAMA, so
 *             بَغدَادَ Case=Acc|Definite=Ind is the accusative, not the indefinite genitive)
 *   Number, Gender, Person ↔ the stem's or suffix's number, gender and person
 *
 * After the features, the English gloss (MISC `Gloss=`): the candidate whose gloss shares the
 * most words with it (case-insensitive; function words such as "the", "of", "to" not counted)
 * tells senses of one lemma apart (وِكَالَة "agency" is `wikAlap_1`, not `wikAlap_2` "proxy";
 * يَوم "day" is not the name `yawom_4` "Youm").
 */
import type { Candidate } from '../corpus/types.js';
import type { ConlluWord } from './conllu.js';
import { candidateShape, nunation } from './ud-agree.js';
import { isEnclitic, isProclitic, type PadtWord } from './padt-words.js';
import { caseValues, moodValues } from './ud-xpos.js';

/** A rebuilt word's content token (see the module comment). */
export function contentWord(word: PadtWord): ConlluWord {
  const ws = word.words;
  for (let i = ws.length - 1; i >= 0; i--) if (!isProclitic(ws[i]) && !isEnclitic(ws[i])) return ws[i];
  for (let i = ws.length - 1; i >= 0; i--) if (isProclitic(ws[i])) return ws[i];
  return ws[ws.length - 1];
}

/** Label-element POS values each UPOS agrees with. */
const UPOS_POS: Readonly<Record<string, readonly string[]>> = {
  NOUN: ['NOUN'], PROPN: ['NOUN'], ADJ: ['ADJ'], VERB: ['VERB'], AUX: ['VERB'], ADP: ['PREP'],
  CONJ: ['CONJ', 'PART', 'FUNC_WORD'], SCONJ: ['CONJ', 'PART', 'FUNC_WORD'], CCONJ: ['CONJ', 'PART', 'FUNC_WORD'],
  PART: ['PART', 'FUNC_WORD', 'CONJ'], PRON: ['PRON', 'DET'], DET: ['PRON', 'DET'], NUM: ['NOUN', 'ADJ'],
  ADV: ['ADV'], INTJ: ['INTERJ'],
};

const NUMBER: Readonly<Record<string, string>> = { Sing: 'S', Dual: 'D', Plur: 'P' };
const GENDER: Readonly<Record<string, string>> = { Masc: 'M', Fem: 'F' };

function pm(want: string | undefined, have: string): number {
  return !want || !have ? 0 : want === have ? 1 : -1;
}

/** +1 / −1 / 0 for a feature that allows several candidate values. */
function among(allowed: readonly string[], have: string): number {
  return allowed.length === 0 || !have ? 0 : allowed.includes(have) ? 1 : -1;
}

/** The agreement score of a candidate with a content token's UPOS and features (see the module comment). */
export function featureScore(w: ConlluWord, c: Candidate): number {
  const el = c.elements;
  const f = w.feats;
  let score = among(UPOS_POS[w.upos] ?? [], el.pos);
  if (w.xpos.startsWith('Z')) score += el.dpos === 'PROP' ? 1 : -1;
  if (w.xpos.startsWith('Q') && (el.pos === 'NOUN' || el.pos === 'ADJ')) score += el.dpos === 'NUM' ? 1 : -1;
  score += among(caseValues(f.get('Case')), el.case);
  score += among(moodValues(f.get('Mood')), el.mood);
  const voice = f.get('Voice');
  if (el.pos === 'VERB' && (voice === 'Act' || voice === 'Pass')) score += candidateShape(c.lemma, c.morph).passive === (voice === 'Pass') ? 1 : -1;
  const def = f.get('Definite');
  if (def && (el.pos === 'NOUN' || el.pos === 'ADJ')) {
    const article = el.det !== '' || candidateShape(c.lemma, c.morph).det;
    const tanween = nunation(el) === 'Ind';
    const ok = def === 'Def' ? article : def === 'Ind' ? tanween && !article : !article && !tanween;
    score += ok ? 0.5 : -0.5;
  }
  score += pm(NUMBER[f.get('Number') ?? ''], el.numsuf || el.numpos);
  score += pm(GENDER[f.get('Gender') ?? ''], el.gensuf || el.genpos);
  score += pm(f.get('Person'), el.persuf || el.perpos);
  return score;
}

/** English words too common to tell senses apart. */
const GLOSS_STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'for', 'by', 'be', 'is', 'and', 'or', 'with', 'from', 'as', 'one', 'it', 'its']);

function glossWords(gloss: string): Set<string> {
  return new Set(gloss.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 1 && !GLOSS_STOP.has(w)));
}

/** How many words a candidate's gloss shares with the content token's `Gloss=` (0 without one). */
export function glossOverlap(w: ConlluWord, c: Candidate): number {
  const g = w.misc.get('Gloss');
  if (!g) return 0;
  const want = glossWords(g);
  let n = 0;
  for (const x of glossWords(c.gloss)) if (want.has(x)) n++;
  return n;
}

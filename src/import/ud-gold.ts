/**
 * A gold label built from the treebank's annotation, for a word whose annotation matches
 * none of the analyzer's candidates. It is written in the analyzer's own terms (BAMA 1.0
 * tag names, Buckwalter) so that it factors into the same label elements:
 *
 *   lemma  the treebank lemma as ud-match.ts reads it (LId in Buckwalter, not normalized)
 *   morph  proclitics (`wa/CONJ`, `bi/PREP`, `sa/FUT`…) + `Al/DET` (when the stem starts with
 *          the article) + `STEM/TAG` (TAG from the XPOS map) + inflection + pronoun clitic.
 *          Inflection: verbs get their subject as empty-vocalization segments (`/IV3MS` before
 *          the stem and `/IVSUFF_MOOD:I` after it for imperfects, `/PVSUFF_SUBJ:3FS` for
 *          perfects, `/CVSUFF_SUBJ:2MS` for imperatives); nominals get a noun suffix only when
 *          the spelling shows it (ta marbuta → `p/NSUFF_FEM_SG`, or `t` before a pronoun;
 *          `At` → NSUFF_FEM_PL; `wn`/`yn` of a masculine plural; `An`/`yn` of a dual). A
 *          pronoun clitic is POSS_PRON_ after a nominal, PVSUFF_DO/IVSUFF_DO/CVSUFF_DO after a
 *          verb, PRON_ otherwise.
 *   voc    the word's look-up form (the treebank has no vocalization)
 *   gloss  MISC `Gloss=` of the content token when present, else ''
 */
import { lookupForm } from '../script/buckwalter.js';
import type { Expectation, WordAnnotation } from './ud-agree.js';
import { pngOf, procliticVoc, readXpos } from './ud-xpos.js';

export interface GoldLabel {
  lemma: string;
  morph: string;
  voc: string;
  gloss: string;
}

function nominalSuffix(stem: string, feats: Map<string, string>, beforePron: boolean): [string, string] | null {
  const gen = feats.get('Gender');
  const num = feats.get('Number');
  const G = gen === 'Fem' ? 'FEM' : 'MASC';
  if (num === 'Sing' && gen === 'Fem' && stem.endsWith('p')) return [stem.slice(0, -1), 'p/NSUFF_FEM_SG'];
  if (num === 'Sing' && gen === 'Fem' && beforePron && stem.endsWith('t')) return [stem.slice(0, -1), 't/NSUFF_FEM_SG'];
  if (num === 'Plur' && gen === 'Fem' && stem.endsWith('At')) return [stem.slice(0, -2), 'At/NSUFF_FEM_PL'];
  if (num === 'Plur' && gen === 'Masc' && stem.endsWith('wn')) return [stem.slice(0, -2), 'wn/NSUFF_MASC_PL_NOM'];
  if (num === 'Plur' && gen === 'Masc' && stem.endsWith('yn')) return [stem.slice(0, -2), 'yn/NSUFF_MASC_PL_ACCGEN'];
  if (num === 'Dual' && stem.endsWith('An')) return [stem.slice(0, -2), `An/NSUFF_${G}_DU_NOM`];
  if (num === 'Dual' && stem.endsWith('yn')) return [stem.slice(0, -2), `yn/NSUFF_${G}_DU_ACCGEN`];
  return null;
}

/** Builds the gold label of an annotation (see the module comment). */
export function goldLabel(ann: WordAnnotation, exp: Expectation, wordLookup: string): GoldLabel {
  const content = ann.words[ann.content];
  const reading = readXpos(content);
  const segs: string[] = [];
  ann.words.slice(0, ann.stemStart).forEach((w, i) => {
    const lookup = lookupForm(w.form);
    const tag = exp.proclitics[i].tags[0];
    segs.push(`${procliticVoc(lookup, tag)}/${tag}`);
  });
  let stem = lookupForm(ann.words.slice(ann.stemStart, ann.stemEnd + 1).map((w) => w.form).join(''));
  if (exp.det) {
    segs.push('Al/DET');
    stem = stem.startsWith('Al') ? stem.slice(2) : stem.slice(1);
  }
  const after: string[] = [];
  const png = pngOf(content);
  let pronTag = 'PRON';
  if (reading.cls === 'verb') {
    if (reading.tag === 'VERB_IMPERFECT') {
      if (png) segs.push(`/IV${png}`);
      const mood = { Ind: 'I', Sub: 'S', Jus: 'J' }[content.feats.get('Mood') ?? ''];
      if (mood) after.push(`/IVSUFF_MOOD:${mood}`);
      pronTag = 'IVSUFF_DO';
    } else if (reading.tag === 'VERB_IMPERATIVE') {
      if (png) after.push(`/CVSUFF_SUBJ:${png}`);
      pronTag = 'CVSUFF_DO';
    } else {
      if (png) after.push(`/PVSUFF_SUBJ:${png}`);
      pronTag = 'PVSUFF_DO';
    }
  } else if (reading.cls === 'nominal') {
    pronTag = 'POSS_PRON';
    const split = nominalSuffix(stem, content.feats, ann.stemEnd + 1 < ann.words.length);
    if (split && split[0] !== '') {
      stem = split[0];
      after.push(split[1]);
    }
  }
  segs.push(`${stem}/${reading.tag}`, ...after);
  const enclitics = ann.words.slice(ann.stemEnd + 1);
  if (enclitics.length > 0) {
    const pron = enclitics.find((w) => w.upos === 'PRON') ?? enclitics[0];
    const code = pngOf(pron);
    const sep = pronTag === 'PRON' || pronTag === 'POSS_PRON' ? '_' : ':';
    segs.push(`${lookupForm(enclitics.map((w) => w.form).join(''))}/${pronTag}${code ? `${sep}${code}` : ''}`);
  }
  return {
    lemma: ann.lemma,
    morph: segs.join('+'),
    voc: wordLookup,
    gloss: content.misc.get('Gloss') ?? '',
  };
}

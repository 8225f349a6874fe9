/**
 * A seeded random sample of projected words, printed for checking by eye: the word in its
 * sentence, the analysis the projection chose (vocalization, lemma, morphology, gloss) and
 * the treebank's annotation (forms, LId, XPOS, FEATS of its tokens).
 */
import { fromAnalyzer } from '../corpus/types.js';
import { Rng } from '../random.js';
import type { WordTrace } from './ud-project.js';

export interface SampleOptions {
  /** How many words. */
  size: number;
  seed: number;
  /** Which words to draw from: matched to an analyzer candidate, unmatched, or all. */
  which: 'matched' | 'unmatched' | 'all';
}

const defaultSampleOptions: SampleOptions = { size: 100, seed: 1, which: 'matched' };

/** Draws the sample (in corpus order after drawing). */
export function sampleWords(words: readonly WordTrace[], options: Partial<SampleOptions> = {}): WordTrace[] {
  const o = { ...defaultSampleOptions, ...options };
  const pool = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => o.which === 'all' || (w.result !== null && w.result.matched === (o.which === 'matched')));
  const drawn = new Rng(o.seed).shuffle(pool).slice(0, o.size);
  return drawn.sort((a, b) => a.i - b.i).map(({ w }) => w);
}

function annotation(w: WordTrace): string {
  return w.words
    .map((x) => {
      const feats = [...x.feats].map(([k, v]) => `${k}=${v}`).join('|') || '_';
      return `${x.form} ${x.misc.get('LId') ?? `(lemma ${x.lemma})`} ${x.upos}/${x.xpos} ${feats}`;
    })
    .join(' + ');
}

/** Markdown: one numbered entry per word. */
export function sampleMarkdown(sample: readonly WordTrace[], options: Partial<SampleOptions> = {}): string {
  const o = { ...defaultSampleOptions, ...options };
  const out = [`# Sample of ${sample.length} ${o.which} words (seed ${o.seed})`, ''];
  sample.forEach((w, n) => {
    const t = w.token;
    const gold = t.gold >= 0 ? t.candidates[t.gold] : undefined;
    const r = w.result;
    const how = !r ? 'no treebank word' : r.matched
      ? `${r.level}; ${t.candidates.filter(fromAnalyzer).length} candidates, ${r.lemmaCandidates} with the lemma, ${r.tied} tied`
      : `unmatched: ${r.reason}`;
    out.push(
      `${n + 1}. **${t.form}** (${w.sentence.id}) — ${w.text.slice(0, w.start)}«${w.text.slice(w.start, w.end)}»${w.text.slice(w.end)}`,
      `   - chosen: ${gold ? `(${gold.voc}) [${gold.lemma}] ${gold.morph} — ${gold.gloss.trim()}` : 'none'}`,
      `   - UD: ${annotation(w)}`,
      `   - ${how}`,
    );
  });
  return `${out.join('\n')}\n`;
}

/**
 * Writer of the plain candidates format (see candidates.ts for the format), so that reading what
 * it writes gives the same corpus and writing that again the same text.
 */
import { UsageError } from '../errors.js';
import { analyzerPosition, type Candidate, type Corpus, goldIndices } from '../corpus/types.js';
import { GOLD_STAR, type CandidatesLayout } from './candidates.js';

/** Options of writeCandidatesFile. */
export interface CandidatesWriteOptions {
  /**
   * `gold-first`, or `starred` (the analyzer's order, `* ` before the gold). Default: starred
   * unless the corpus's order is not the analyzer's (`analyzerOrder: false`), which cannot be
   * written starred.
   */
  layout?: CandidatesLayout;
  /**
   * The analysis string of a candidate. Default: `lemma/morph` (the generic factorizer's default
   * form), or `lemma` when morph is empty.
   */
  analysisOf: (candidate: Candidate) => string;
}

const defaultCandidatesWriteOptions: CandidatesWriteOptions = {
  analysisOf: (c) => (c.morph === '' ? c.lemma : `${c.lemma}/${c.morph}`),
};

function checkField(value: string, what: string): string {
  if (value.trim() === '' || /[\t\r\n]/.test(value))
    throw new UsageError(`candidates writer: ${what} ${JSON.stringify(value)} is empty or holds a tab or line break`);
  return value;
}

/**
 * Writes a corpus in the candidates format: always with <DOC> lines; ids are written only
 * where they differ from the defaults the reader would give. Gold-first: the gold candidate,
 * then the others in candidate order. Starred: the candidates in the analyzer's order
 * (analyzerPosition), `* ` before each gold. Tokens without gold start with `?` in both.
 * Takes the corpus and the options; returns the text. Throws UsageError for a field it cannot
 * write, a token with several gold labels in the gold-first layout, or `starred` for a corpus
 * whose order is not the analyzer's.
 */
export function writeCandidatesFile(corpus: Corpus, options: Partial<CandidatesWriteOptions> = {}): string {
  const { analysisOf } = { ...defaultCandidatesWriteOptions, ...options };
  const layout = options.layout ?? (corpus.analyzerOrder === false ? 'gold-first' : 'starred');
  if (layout === 'starred' && corpus.analyzerOrder === false)
    throw new UsageError('candidates writer: the corpus\'s candidate order is not the analyzer\'s (it was read gold-first); write it gold-first');
  const out: string[] = [];
  const tag = (name: string, id: string, dflt: string): string => {
    if (id === dflt) return `<${name}>`;
    if (id !== id.trim() || id === '' || /[\r\n]/.test(id))
      throw new UsageError(`candidates writer: ${name} id ${JSON.stringify(id)} cannot be written`);
    return `<${name} ${id}>`;
  };
  corpus.documents.forEach((doc, di) => {
    out.push(tag('DOC', doc.id, `doc${di + 1}`));
    doc.sentences.forEach((s, si) => {
      if (s.tokens.length === 0) throw new UsageError(`candidates writer: sentence ${s.id} has no tokens`);
      out.push(tag('S', s.id, `${doc.id}/${si + 1}`));
      for (const t of s.tokens) {
        const fields = [checkField(t.form, 'form')];
        const golds = goldIndices(t);
        if (layout === 'gold-first' && golds.length > 1)
          throw new UsageError(`candidates writer: "${t.form}" has ${golds.length} gold analyses, which the gold-first layout cannot mark: write it starred`);
        let order = t.candidates.map((_, i) => i);
        if (layout === 'starred') order.sort((a, b) => analyzerPosition(t.candidates[a], a) - analyzerPosition(t.candidates[b], b));
        else if (t.gold >= 0) order = [t.gold, ...order.filter((i) => i !== t.gold)];
        if (t.gold < 0) fields.push('?');
        for (const i of order) {
          const a = checkField(analysisOf(t.candidates[i]), 'analysis');
          if (a === '?') throw new UsageError(`candidates writer: analysis "?" of "${t.form}" would read as "no gold"`);
          if (a.startsWith(GOLD_STAR)) throw new UsageError(`candidates writer: analysis "${a}" of "${t.form}" starts with "${GOLD_STAR}", the gold mark`);
          fields.push(layout === 'starred' && golds.includes(i) ? GOLD_STAR + a : a);
        }
        out.push(fields.join('\t'));
      }
      out.push('</S>');
    });
    out.push('</DOC>');
  });
  return out.map((l) => `${l}\n`).join('');
}

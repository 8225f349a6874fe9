/**
 * Turns a document as read (analyzer candidates, maybe gold marks) into what a ranker
 * sees: each token's candidates C(t) = analyzer(t) ∪ labels seen for t in D1 (equation 9),
 * without any gold-only candidate, and the gold candidates kept aside for evaluation.
 */
import { goldIndices, type Candidate, type Document, type Token } from '../corpus/types.js';
import { candidatesFor, type SeenLexicon, withCandidates } from '../../features/seen-labels.js';

export interface PreparedDocument {
  doc: Document;
  /**
   * Per sentence, per token: the gold candidate (the first of a token with several gold labels),
   * which may be absent from the candidates, or null.
   */
  gold: (Candidate | null)[][];
  /**
   * Per sentence, per token: every gold candidate (several for a token with several gold labels,
   * Token.golds; none for a token without gold).
   */
  golds: (readonly Candidate[])[][];
}

/** A token's gold candidates: its golds, else its one gold, else none. */
const goldCandidates = (t: Token): readonly Candidate[] => goldIndices(t).map((i) => t.candidates[i]);

export function prepareDocument(doc: Document, lexicon: SeenLexicon | null): PreparedDocument {
  const gold: (Candidate | null)[][] = [];
  const golds: (readonly Candidate[])[][] = [];
  const sentences = doc.sentences.map((s) => {
    const g: (Candidate | null)[] = [];
    const gs: (readonly Candidate[])[] = [];
    const tokens = s.tokens.map((t) => {
      g.push(t.gold >= 0 ? t.candidates[t.gold] : null);
      gs.push(goldCandidates(t));
      const candidates = lexicon ? candidatesFor(t, lexicon) : t.candidates.filter((c) => c.source !== 'gold');
      return { ...withCandidates(t, candidates), goldUnmatched: undefined };
    });
    gold.push(g);
    golds.push(gs);
    return { ...s, tokens };
  });
  return { doc: { ...doc, sentences }, gold, golds };
}

/**
 * Turns a document as read (analyzer candidates, maybe gold marks) into what a ranker
 * sees: each token's candidates C(t) = analyzer(t) ∪ labels seen for t in D1 (equation 9),
 * without any gold-only candidate, and the gold candidate kept aside for evaluation.
 */
import type { Candidate, Document } from '../corpus/types.js';
import { candidatesFor, goldIndexIn, type SeenLexicon } from '../../features/seen-labels.js';

export interface PreparedDocument {
  doc: Document;
  /** Per sentence, per token: the gold candidate (which may be absent from the candidates), or null. */
  gold: (Candidate | null)[][];
}

export function prepareDocument(doc: Document, lexicon: SeenLexicon | null): PreparedDocument {
  const gold: (Candidate | null)[][] = [];
  const sentences = doc.sentences.map((s) => {
    const g: (Candidate | null)[] = [];
    const tokens = s.tokens.map((t) => {
      g.push(t.gold >= 0 ? t.candidates[t.gold] : null);
      const candidates = lexicon ? candidatesFor(t, lexicon) : t.candidates.filter((c) => c.source !== 'gold');
      return { ...t, candidates, gold: goldIndexIn(t, candidates), goldUnmatched: undefined };
    });
    gold.push(g);
    return { ...s, tokens };
  });
  return { doc: { ...doc, sentences }, gold };
}

/**
 * Candidates corpora under a label scheme (src/labels/scheme.ts): read with a given scheme
 * (a user's file, or the one a model stores), or with the automatic scheme inferred from the
 * corpus's own tags.
 */
import type { Corpus } from '../corpus/types.js';
import type { TextEncoding } from '../io/files.js';
import { emptyElements } from '../labels/elements.js';
import { inferScheme } from '../labels/scheme-auto.js';
import { checkPatterns } from '../labels/scheme-file.js';
import { schemeFactorizer, schemeTagFactorizer, splitAnalysis, type LabelScheme } from '../labels/scheme.js';
import { loadCandidatesFile, type AnalysisFactorizer } from './candidates.js';

/** Splits `lemma/TAG+TAG…` or `lemma+TAG+TAG…` without factoring (elements: the lemma only). */
function splitOnly(separator: string): AnalysisFactorizer {
  const probe: LabelScheme = { kind: 'lexdis-label-scheme', name: 'split', lemmaSeparator: '', separator, elements: [] };
  return (analysis) => {
    const { lemma, tags } = splitAnalysis(probe, analysis);
    return { lemma, morph: tags.join(separator), elements: { ...emptyElements(), lemma } };
  };
}

/** The tags of every candidate of a corpus (morph split by the separator). */
export function corpusTags(corpus: Corpus, separator = '+'): Set<string> {
  const out = new Set<string>();
  for (const d of corpus.documents)
    for (const s of d.sentences) for (const t of s.tokens) for (const c of t.candidates) for (const tag of c.morph.split(separator)) if (tag !== '') out.add(tag);
  return out;
}

/**
 * A corpus with every candidate's elements factored again by a scheme (keys unchanged). Throws
 * CorpusError for a tag it cannot factor.
 */
export function applyScheme(corpus: Corpus, scheme: LabelScheme): Corpus {
  const f = schemeTagFactorizer(scheme);
  const documents = corpus.documents.map((d) => ({
    ...d,
    sentences: d.sentences.map((s) => ({
      ...s,
      tokens: s.tokens.map((t) => ({
        ...t,
        candidates: t.candidates.map((c) => ({ ...c, elements: f(c.lemma, c.morph === '' ? [] : c.morph.split(scheme.separator)) })),
      })),
    })),
  }));
  return { ...corpus, documents, scheme };
}

export interface SchemeLoadOptions {
  encoding: TextEncoding;
  /** The scheme to factor with; absent: the automatic scheme of the files' tags. */
  scheme?: LabelScheme;
  /** Reject a scheme pattern that matches no tag of the files (for a scheme file given to train or cv). */
  checkPatterns?: boolean;
}

/**
 * Reads candidates files under a scheme, one corpus per file, each carrying the scheme.
 * InputParseError (file, line) for an analysis with a tag the scheme cannot factor, naming the
 * tag; InputParseError at the scheme file's line for a pattern that matches nothing.
 */
export function loadCandidatesWithScheme(paths: readonly string[], options: SchemeLoadOptions): Corpus[] {
  const { scheme } = options;
  if (scheme) {
    const corpora = paths.map((p) => ({
      ...loadCandidatesFile(p, { encoding: options.encoding, factorizer: schemeFactorizer(scheme) }),
      scheme,
    }));
    if (options.checkPatterns) {
      const tags = new Set<string>();
      for (const c of corpora) for (const t of corpusTags(c, scheme.separator)) tags.add(t);
      checkPatterns(scheme, tags);
    }
    return corpora;
  }
  const raw = paths.map((p) => loadCandidatesFile(p, { encoding: options.encoding, factorizer: splitOnly('+') }));
  const tagLists = function* () {
    for (const c of raw) for (const d of c.documents) for (const s of d.sentences) for (const t of s.tokens) for (const k of t.candidates) yield k.morph === '' ? [] : k.morph.split('+');
  };
  const auto = inferScheme(tagLists(), '+');
  return raw.map((c) => applyScheme(c, auto));
}

/**
 * A model's info as a page may show it: everything the model says about itself, but the folders
 * its corpora were read from (where the trainer kept them is nobody's business), which keep only
 * their file names. What the service's GET /v1/model and a static site's site.json carry.
 */
import { basename } from 'node:path';

/** The info with each corpus named by its file name only. Takes Tagger.modelInfo(); returns a copy. Throws nothing. */
export function publicModelInfo(info: Record<string, unknown>): Record<string, unknown> {
  const corpus = info.corpus as { source?: unknown; sources?: unknown } | undefined;
  if (typeof corpus?.source !== 'string') return info;
  const name = (p: string): string => basename(p.replace(/\\/g, '/'));
  const source = corpus.source.split(',').map(name).join(',');
  const out: Record<string, unknown> = { ...corpus, source };
  if (Array.isArray(corpus.sources)) {
    out.sources = corpus.sources.map((s: unknown) => (s && typeof s === 'object' && typeof (s as { source?: unknown }).source === 'string'
      ? { ...s, source: name((s as { source: string }).source) } : s));
  }
  return { ...info, corpus: out };
}

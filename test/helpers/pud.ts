/**
 * A small real gold corpus for tests: the first documents of UD Arabic-PUD projected onto
 * the BAMA 1.0 analyzer's candidates (from the data folder, bin/data.ts), cached per process.
 */
import { readFileSync } from 'node:fs';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import type { Corpus } from '../../src/corpus/types.js';
import { projectUd } from '../../src/import/ud-project.js';

let analyzer: Analyzer | undefined;
const cache = new Map<number, Corpus>();

export function bamaAnalyzer(): Analyzer {
  return (analyzer ??= Analyzer.load(dataPaths.bama()));
}

/** The first `sentences` sentences of PUD (whole documents are kept together by the reader). */
export function pudCorpus(sentences = 300): Corpus {
  const hit = cache.get(sentences);
  if (hit) return hit;
  const blocks = readFileSync(dataPaths.pudConllu(), 'utf8').split(/\n\n+/).filter((b) => b.trim());
  const text = blocks.slice(0, sentences).join('\n\n') + '\n\n';
  const corpus = projectUd(text, bamaAnalyzer(), { file: 'pud-head' }).corpus;
  cache.set(sentences, corpus);
  return corpus;
}

/**
 * The public API (the package root src/index.ts, and the subpaths lexdis/formats, lexdis/eval,
 * lexdis/training, lexdis/service): the root exports the names README's library section
 * documents and no others; every export is documented where it is declared, every public
 * function and method of the root's classes says what it returns and what it throws; a bad
 * argument to an entry point is a UsageError naming it, never a bare TypeError from deep inside.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectRoot } from '../src/config.js';
import * as api from '../src/index.js';
import * as formats from '../src/formats/index.js';
import * as evalApi from '../src/eval/index.js';
import * as training from '../training/index.js';
import { MINI_DIR } from './analyzer/fixtures.js';

const ENTRIES = ['src/index.ts', 'src/formats/index.ts', 'src/eval/index.ts', 'training/index.ts', 'src/service/index.ts'];

/**
 * The values the package root exports: the work (analyze, tag, diacritize, read and write
 * corpora, evaluate) and the error tree. A name added to the root is added here and to README's
 * library section, on purpose.
 */
const ROOT_VALUES = [
  'Analyzer', 'Model', 'Tagger', 'diacritizeText', 'loadCorpus', 'writeCorpus', 'evaluate', 'findDataDir', 'tablesPath', 'defaultModelPath',
  'LexdisError', 'InputParseError', 'DataNotFoundError', 'DataFetchError', 'ModelFormatError', 'ModelVersionError', 'CorpusError', 'UsageError',
  'OutputError', 'InternalError', 'WorkerError', 'DataBuildError',
];

/** Names re-exported by an entry module, with the module each comes from. */
function reexports(entry: string): { name: string; from: string }[] {
  const src = readFileSync(join(projectRoot(), entry), 'utf8');
  const out: { name: string; from: string }[] = [];
  for (const m of src.matchAll(/export (?:type )?\{([^}]*)\} from '([^']+)'/g)) {
    const from = join(dirname(join(projectRoot(), entry)), m[2].replace(/\.js$/, '.ts'));
    for (const raw of m[1].split(',')) {
      const name = raw.trim().replace(/^type /, '').split(/ as /)[0].trim();
      if (name) out.push({ name, from });
    }
  }
  return out;
}

test('every export of the three entry points is declared with a doc comment', () => {
  const undocumented: string[] = [];
  for (const entry of ENTRIES) {
    const names = reexports(entry);
    assert.ok(names.length > 5, entry);
    for (const { name, from } of names) {
      const src = readFileSync(from, 'utf8');
      const decl = new RegExp(`(\\*/\\s*)?\\n[ \\t]*export (?:declare )?(?:abstract )?(?:async )?(?:function\\*?|const|class|interface|type|enum|let) ${name}\\b`).exec(src);
      assert.ok(decl, `${entry}: ${name} is not declared in ${from} (export it from where it is declared)`);
      if (!decl[1]) undocumented.push(`${name} (${from.slice(projectRoot().length + 1)})`);
    }
  }
  assert.deepEqual(undocumented, []);
});

/** The doc comment right before `decl` in `src`, or ''. */
function docBefore(src: string, at: number): string {
  const m = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\s*$/.exec(src.slice(0, at));
  return m ? m[1] : '';
}

/** What a doc comment lacks of "what it returns" and "what it throws" (a constructor returns its object). */
function lacks(doc: string, constructor = false): string[] {
  const d = doc.toLowerCase();
  const out: string[] = [];
  if (!constructor && !/return|yield|resolve/.test(d)) out.push('returns');
  if (!/throw/.test(d)) out.push('throws');
  return out;
}

test('every public function of the entry points, and every public method of the root\'s classes, says what it returns and throws', () => {
  const missing: string[] = [];
  for (const entry of ENTRIES) {
    for (const { name, from } of reexports(entry)) {
      const src = readFileSync(from, 'utf8');
      const fn = new RegExp(`\\n[ \\t]*export (?:async )?function\\*? ${name}\\b`).exec(src);
      if (fn) for (const l of lacks(docBefore(src, fn.index))) missing.push(`${name} ${l}`);
    }
  }
  // each class as the core declares it, and the Node wrapper the root exports
  const classes = [['Analyzer', 'src/analyzer/engine'], ['Model', 'src/model/model'], ['Tagger', 'src/tagger/tagger']];
  for (const [cls, file] of classes) {
    let methods = 0;
    for (const path of [`${file}.ts`, `${file}-node.ts`]) {
      const src = readFileSync(join(projectRoot(), path), 'utf8');
      const start = src.indexOf(`export class ${cls} `);
      const body = src.slice(start, src.indexOf('\n}\n', start));
      for (const m of body.matchAll(/\n {2}(?!private |protected |readonly |get |#)(?:static )?(?:async )?\*?([A-Za-z]\w*)\s*[(<]/g)) {
        methods++;
        for (const l of lacks(docBefore(body, m.index), m[1] === 'constructor')) missing.push(`${cls}.${m[1]} (${path}) ${l}`);
      }
    }
    assert.ok(methods >= 4, `${cls}: ${methods} public methods found`);
  }
  assert.deepEqual(missing, []);
});

test('the package root exports the inference API and no other value; the rest is under subpaths', () => {
  assert.deepEqual(Object.keys(api).sort(), [...ROOT_VALUES].sort());
  for (const name of ['Tagger', 'Analyzer', 'Model', 'loadCorpus', 'writeCorpus', 'evaluate', 'diacritizeText', 'LexdisError', 'UsageError'])
    assert.equal(typeof (api as Record<string, unknown>)[name], 'function', name);
  for (const name of ['readPosFile', 'writePosFile', 'loadPosCorpus', 'readCandidatesFile', 'textToCorpus', 'projectTreebank', 'importDiacText', 'toBuckwalter'])
    assert.equal(typeof (formats as Record<string, unknown>)[name], 'function', `lexdis/formats: ${name}`);
  for (const name of ['scoreDiacritization', 'readReference', 'evalMarkdown', 'mergeReports'])
    assert.equal(typeof (evalApi as Record<string, unknown>)[name], 'function', `lexdis/eval: ${name}`);
  assert.equal(typeof training.train, 'function');
  // README's library section names each root value
  const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
  const library = readme.slice(readme.indexOf('## The library'), readme.indexOf('\n## ', readme.indexOf('## The library') + 5));
  for (const name of ROOT_VALUES.filter((n) => !n.endsWith('Error') || n === 'LexdisError')) assert.match(library, new RegExp(`\\b${name}\\b`), `README's library section names ${name}`);
  for (const sub of ['lexdis/formats', 'lexdis/eval', 'lexdis/training', 'lexdis/service', 'lexdis/browser']) assert.ok(library.includes(sub), `README names ${sub}`);
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  assert.deepEqual(Object.keys(pkg.exports), ['.', './formats', './eval', './training', './browser', './service', './package.json']);
});

test('a bad argument is a UsageError naming it', async () => {
  const usage = (what: string) => (e: unknown) => e instanceof api.UsageError && e.message.startsWith(what);
  assert.throws(() => api.loadCorpus('corpus.pos' as never), usage('paths must be an array'));
  assert.throws(() => api.loadCorpus([]), usage('paths: no file given'));
  assert.throws(() => api.loadCorpus([7] as never), usage('paths[0] must be a non-empty string'));
  assert.throws(() => api.loadCorpus(['x.conllu']), (e: unknown) => e instanceof api.UsageError && /give the analyzer tables/.test(e.message));
  // options are checked before any file is read (these files do not exist)
  assert.throws(() => api.loadCorpus(['x.pos'], { format: 'xml' as never }), usage('options.format must be one of auto, pos, candidates, conllu'));
  assert.throws(() => api.loadCorpus(['x.pos'], { encoding: 'latin1' as never }), usage('options.encoding must be one of utf-8, windows-1256'));
  assert.throws(() => formats.loadPosCorpus('x.pos', { twoThreads: 'yes' as never }), usage('options.twoThreads must be true, false or'));
  assert.throws(() => formats.loadPosCorpus('x.pos', { chunkBytes: 0 }), usage('options.chunkBytes must be a whole number'));
  assert.throws(() => formats.readTextFile('x.txt', 'utf8' as never), usage('encoding must be one of utf-8, windows-1256'));
  assert.throws(() => api.Analyzer.load(undefined as never), usage('dir must be'));
  await assert.rejects(api.Model.load(42 as never), usage('dir must be'));
  await assert.rejects(api.Tagger.load('m', { tables: '' }), usage('options.tables must be'));
  await assert.rejects(api.Tagger.load({ data: 7 } as never), usage('options.data must be'));
  await assert.rejects(api.Tagger.load(7 as never), usage('options must be an object'));
  assert.throws(() => api.defaultModelPath(undefined as never), usage('dataDir must be'));
  const analyzer = api.Analyzer.load(MINI_DIR);
  assert.throws(() => formats.textToCorpus(analyzer, null as never), usage('text must be'));
  assert.throws(() => formats.textToCorpus(analyzer, 'ktb', { inputScript: 'latin' as never }), usage('options.inputScript must be one of arabic, buckwalter, auto'));
  assert.equal(formats.textToCorpus(analyzer, 'ktb').documents.length, 1);
  assert.throws(() => api.evaluate({} as never, { documents: [] }), usage('model must be a Model'));
  assert.throws(() => api.writeCorpus('', { documents: [] }), usage('path must be'));
  assert.throws(() => api.writeCorpus('x.pos', { sentences: [] } as never), usage('corpus must be a corpus'));
  assert.throws(() => api.writeCorpus('x.pos', { documents: [] }, { format: 'conllu' as never }), usage('options.format must be one of auto, pos, candidates'));
  assert.throws(() => evalApi.compareWord('كتب', [], 'strict'), usage('compareWord needs at least one reference spelling'));
  await assert.rejects(training.train({ sentences: [] } as never), usage('corpus must be a corpus'));
  await assert.rejects(training.train({ documents: [] }, 'fast' as never), usage('options must be an object'));
});

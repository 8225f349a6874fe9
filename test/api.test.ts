/**
 * The public API (src/index.ts, lexdis/training, lexdis/service): every export is documented
 * where it is declared, and a bad argument to an entry point is a UsageError naming it, never
 * a bare TypeError from deep inside.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectRoot } from '../src/config.js';
import * as api from '../src/index.js';
import * as training from '../training/index.js';
import { MINI_DIR } from './analyzer/fixtures.js';

const ENTRIES = ['src/index.ts', 'training/index.ts', 'src/service/index.ts'];

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

test('the package root exports the inference API, and no training or service code', () => {
  for (const name of ['Tagger', 'Analyzer', 'Model', 'loadCorpus', 'readPosFile', 'writePosFile', 'evaluate', 'evaluateModel', 'textToCorpus', 'LexdisError', 'UsageError'])
    assert.ok(name in api, name);
  for (const name of ['train', 'runCv', 'startServer', 'buildServer']) assert.ok(!(name in api), `${name} belongs to a subpath`);
  assert.equal(typeof training.train, 'function');
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
  assert.throws(() => api.loadPosCorpus('x.pos', { twoThreads: 'yes' as never }), usage('options.twoThreads must be true, false or'));
  assert.throws(() => api.loadPosCorpus('x.pos', { chunkBytes: 0 }), usage('options.chunkBytes must be a whole number'));
  assert.throws(() => api.readTextFile('x.txt', 'utf8' as never), usage('encoding must be one of utf-8, windows-1256'));
  assert.throws(() => api.Analyzer.load(undefined as never), usage('dir must be'));
  await assert.rejects(api.Model.load(42 as never), usage('dir must be'));
  await assert.rejects(api.Tagger.load('m', { tables: '' }), usage('options.tables must be'));
  const analyzer = api.Analyzer.load(MINI_DIR);
  assert.throws(() => api.textToCorpus(analyzer, null as never), usage('text must be'));
  assert.throws(() => api.textToCorpus(analyzer, 'ktb', { inputScript: 'latin' as never }), usage('options.inputScript must be one of arabic, buckwalter, auto'));
  assert.equal(api.textToCorpus(analyzer, 'ktb').documents.length, 1);
  assert.throws(() => api.evaluateModel({} as never, { documents: [] }), usage('model must be a Model'));
  await assert.rejects(training.train({ sentences: [] } as never), usage('corpus must be a corpus'));
  await assert.rejects(training.train({ documents: [] }, 'fast' as never), usage('options must be an object'));
});

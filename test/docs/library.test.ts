/**
 * docs/library.md's examples are the library as a user meets it. Each ```ts block is compiled
 * with `tsc --strict --module nodenext` in a project of its own with no @types/node (lexdis
 * reached as node_modules/lexdis, a link to this checkout's built package), then run there with
 * a data folder made here as `lexdis setup` makes one: the analyzer's tables and a small model
 * (trained on the first sentences of UD Arabic-PUD) as models/lexdis and models/pud, with gold
 * corpora gold.pos and test.pos beside it. Where the page shows what an example prints (a
 * ```text block right after it), the example must print exactly that; one that shows nothing
 * must still run and print something.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { projectRoot } from '../../src/config.js';
import type { Corpus } from '../../src/corpus/types.js';
import { writeCorpus } from '../../src/formats/write.js';
import { projectUd } from '../../src/import/ud-project.js';
import { trainFiles } from '../../training/train-files.js';

interface Example {
  /** The example's 1-based line in the page. */
  line: number;
  code: string;
  /** What the page says it prints, when it shows that. */
  prints?: string;
}

/** The page's ```ts blocks, each with the ```text block that follows it, if any. */
export function examples(markdown: string): Example[] {
  const out: Example[] = [];
  for (const m of markdown.matchAll(/```ts\n([\s\S]*?)```\n(?:\s*```text\n([\s\S]*?)```\n)?/g))
    out.push({ line: markdown.slice(0, m.index).split('\n').length, code: m[1], prints: m[2] });
  return out;
}

/** A gold corpus of PUD's first `sentences` sentences, projected as training projects them. */
function pudGold(sentences: number): Corpus {
  const blocks = readFileSync(dataPaths.pudConllu(), 'utf8').split(/\n\n+/).filter((b) => b.trim());
  const analyzer = Analyzer.load(dataPaths.bama(), { caseEndings: true, backoff: true });
  return projectUd(blocks.slice(0, sentences).join('\n\n') + '\n\n', analyzer, { file: 'pud-head' }).corpus;
}

/** A user's project: package.json, lexdis installed (linked), the data folder and the corpora. */
async function userProject(): Promise<{ dir: string; data: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-library-doc-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(projectRoot(), join(dir, 'node_modules', 'lexdis'), 'dir');
  const data = join(dir, 'data');
  mkdirSync(join(data, 'models'), { recursive: true });
  symlinkSync(dataPaths.bama(), join(data, 'bama-1.0'), 'dir');
  writeCorpus(join(dir, 'gold.pos'), pudGold(120));
  writeCorpus(join(dir, 'test.pos'), pudGold(40));
  for (const name of ['lexdis', 'pud'])
    await trainFiles([join(dir, 'gold.pos')], join(data, 'models', name), { tables: dataPaths.bama(), train: { seed: 3, workers: 0 } });
  return { dir, data };
}

test('docs/library.md: every example compiles without @types/node, runs, and prints what the page shows', async () => {
  const page = readFileSync(join(projectRoot(), 'docs', 'library.md'), 'utf8');
  const all = examples(page);
  assert.ok(all.length >= 8, `${all.length} examples`);
  assert.ok(all.filter((e) => e.prints !== undefined).length >= 4, 'the page shows what several examples print');
  const { dir, data } = await userProject();
  try {
    const files = all.map((e, i) => {
      writeFileSync(join(dir, `example${i + 1}.ts`), e.code);
      return `example${i + 1}.ts`;
    });
    const tsc = join(projectRoot(), 'node_modules', 'typescript', 'bin', 'tsc');
    const compiled = spawnSync(process.execPath, [tsc, '--strict', '--module', 'nodenext', '--target', 'es2022', ...files],
      { cwd: dir, encoding: 'utf8' });
    assert.equal(compiled.status, 0, `tsc: ${compiled.stdout}${compiled.stderr}`);
    all.forEach((e, i) => {
      const run = spawnSync(process.execPath, [`example${i + 1}.js`],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, LEXDIS_DATA: data }, timeout: 120_000 });
      const where = `docs/library.md:${e.line}`;
      assert.equal(run.status, 0, `${where} failed: ${run.stderr}`);
      if (e.prints !== undefined) assert.equal(run.stdout, e.prints, `${where} prints`);
      else assert.ok(run.stdout.trim().length > 0, `${where} printed nothing`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an example is a ```ts block, and what it prints the ```text block right after it', () => {
  const page = '# x\n\n```ts\nconsole.log(1);\n```\n\n```text\n1\n```\n\nprose\n\n```ts\nlet a = 2;\n```\n\n```sh\nnpm i\n```\n';
  assert.deepEqual(examples(page), [
    { line: 3, code: 'console.log(1);\n', prints: '1\n' },
    { line: 13, code: 'let a = 2;\n', prints: undefined },
  ]);
});

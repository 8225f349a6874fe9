/**
 * Every field of the JSON lines `analyze`, `tag` and `diacritize` print is documented in
 * docs/cli.md, and every field documented there (but those marked optional) is printed: the
 * tables between the `jsonl:NAME` markers against the commands' own output (run in-process).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { pudCorpus } from '../helpers/pud.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';

/** Field paths of docs/cli.md's table `name`: all, and those it marks optional. */
function documented(name: string): { all: Set<string>; optional: Set<string> } {
  const doc = readFileSync(join(projectRoot(), 'docs', 'cli.md'), 'utf8');
  const m = new RegExp(`<!-- jsonl:${name}:start -->\\n([\\s\\S]*?)<!-- jsonl:${name}:end -->`).exec(doc);
  assert.ok(m, `docs/cli.md has no jsonl:${name} table`);
  const all = new Set<string>();
  const optional = new Set<string>();
  for (const row of m[1].split('\n').slice(2)) {
    const cells = /^\| `([^`]+)` \| (.*) \|$/.exec(row.trim());
    if (!cells) continue;
    all.add(cells[1]);
    if (cells[2].startsWith('*optional') || /^\*[a-z ]+only\*/.test(cells[2])) optional.add(cells[1]);
  }
  return { all, optional };
}

/** Every field path of JSON objects (lists of objects entered as `name[]`; other values are leaves). */
function paths(objects: unknown[]): Set<string> {
  const out = new Set<string>();
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      const p = prefix + k;
      out.add(p);
      if (Array.isArray(v)) for (const e of v) if (e && typeof e === 'object' && !Array.isArray(e)) walk(e as Record<string, unknown>, `${p}[].`);
    }
  };
  for (const o of objects) walk(o as Record<string, unknown>, '');
  return out;
}

function check(name: string, output: string): void {
  const got = paths(output.trim().split('\n').map((l) => JSON.parse(l)));
  const doc = documented(name);
  assert.deepEqual([...got].filter((p) => !doc.all.has(p)), [], `${name}: printed but not in docs/cli.md`);
  assert.deepEqual([...doc.all].filter((p) => !got.has(p) && !doc.optional.has(p)), [], `${name}: in docs/cli.md but not printed`);
}

let dir = '';
const TEXT = 'كتبت الطالبة الدرس في المكتبة، و Obama وصل.\nذهب الولد إلى المدرسة\n';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-jsonl-'));
  writeFileSync(join(dir, 'gold.pos'), writePosFile(corpusToPos(pudCorpus(60))));
  writeFileSync(join(dir, 'in.txt'), TEXT);
  const r = await lexdisInProcess(['train', join(dir, 'gold.pos'), '-o', join(dir, 'm'), '--workers', '0', '-q']);
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs lexdis in-process with output to a file; returns the file's text. */
async function output(args: string[]): Promise<string> {
  const out = join(dir, 'out.jsonl');
  const r = await lexdisInProcess([...args, '-o', out, '-q']);
  assert.equal(r.status, 0, r.stderr);
  return readFileSync(out, 'utf8');
}

test('analyze --format jsonl, with and without a model', async () => {
  check('analyze', await output(['analyze', join(dir, 'in.txt'), '--format', 'jsonl']));
  check('analyze', await output(['analyze', join(dir, 'in.txt'), '--format', 'jsonl', '-m', join(dir, 'm')]));
});

test('tag --format jsonl on raw text and on an analysis file', async () => {
  check('tag', await output(['tag', join(dir, 'in.txt'), '-m', join(dir, 'm'), '--format', 'jsonl']));
  check('tag-pos', await output(['tag', join(dir, 'gold.pos'), '-m', join(dir, 'm'), '--format', 'jsonl']));
});

test('diacritize --format jsonl, with --candidates', async () => {
  check('diacritize', await output(['diacritize', join(dir, 'in.txt'), '-m', join(dir, 'm'), '--format', 'jsonl', '--candidates']));
  const plain = paths((await output(['diacritize', join(dir, 'in.txt'), '-m', join(dir, 'm'), '--format', 'jsonl'])).trim().split('\n').map((l) => JSON.parse(l)));
  assert.ok(!plain.has('words[].candidates') && !plain.has('words[].tied'), 'candidates and tied only with --candidates');
});

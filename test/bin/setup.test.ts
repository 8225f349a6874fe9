/**
 * `lexdis setup` and the default model of the commands that rank: fetched from a mirror (the data
 * folder the tests read) and trained into a fresh data folder (`--models pud`, the quicker of
 * the two), kept when run again; then `tag`, `diacritize` and `eval` use it without
 * `-m`, and with no default model they fail with one error and a hint naming `lexdis setup`. From a
 * mirror without the stories (a set only training reads), `models/lexdis` is made without them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../../bin/data.js';
import { DATA_SETS } from '../../src/data/manifest.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';

const SENTENCE = 'كتبت الطالبة الدرس';
/** The data folder the tests read, found before a command run in this process sets `--data`. */
const SHARED = dataDir();
const bare = (s: string) => s.replace(/[\u064B-\u0652\u0670]/g, '');

test('lexdis setup --models pud: fetches what the model needs, trains it, keeps it when run again; the commands use it without -m', async () => {
  const work = mkdtempSync(join(tmpdir(), 'lexdis-setup-cli-'));
  const data = join(work, 'data');
  try {
    const first = await lexdisInProcess(['setup', '--models', 'pud', '--data', data, '--from', dataDir(), '--progress', 'none']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stderr, /^11 fetched, 0 already there, 0 skipped, 0 failed: /m);
    assert.match(first.stderr, new RegExp(`^trained  ${join(data, 'models', 'pud')}$`, 'm'));
    assert.ok(!existsSync(join(data, 'ud-arabic-padt-1.3')), 'PADT is not fetched for the PUD model');
    assert.ok(existsSync(join(data, 'corpora', 'pud.pos')));
    const record = readFileSync(join(data, 'models', 'setup.json'), 'utf8');

    const again = await lexdisInProcess(['setup', '--models', 'pud', '--data', data, '--from', dataDir(), '--progress', 'none']);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /^0 fetched, 11 already there/m);
    assert.match(again.stderr, /^kept {5}\S+models\/pud {2}\(there and current\)$/m);
    assert.doesNotMatch(again.stderr, /^training/m);
    assert.equal(readFileSync(join(data, 'models', 'setup.json'), 'utf8'), record);
    const quiet = await lexdisInProcess(['setup', '--models', 'pud', '--data', data, '--from', dataDir(), '-q']);
    assert.deepEqual([quiet.status, quiet.stderr], [0, '']);

    const input = join(work, 'in.txt');
    writeFileSync(input, `${SENTENCE}\n`);
    const diacritized = await lexdisInProcess(['diacritize', input, '--data', data]);
    assert.equal(diacritized.status, 0, diacritized.stderr);
    assert.equal(bare(diacritized.stdout.trim()), SENTENCE);
    assert.notEqual(diacritized.stdout.trim(), SENTENCE);
    const tagged = await lexdisInProcess(['--data', data, 'tag', input, '--format', 'jsonl']);
    assert.equal(tagged.status, 0, tagged.stderr);
    assert.equal((JSON.parse(tagged.stdout) as { tokens: unknown[] }).tokens.length, 3);

    // eval: the first path a corpus, so the default model; a model path first, as before
    const conllu = join(work, 'head.conllu');
    writeFileSync(conllu, `${readFileSync(join(data, 'ud-arabic-pud', 'ar_pud-ud-test.conllu'), 'utf8').split('\n\n').slice(0, 20).join('\n\n')}\n\n`);
    const gold = join(work, 'head.pos');
    assert.equal((await lexdisInProcess(['import-ud', conllu, '-o', gold, '-q', '--data', data])).status, 0);
    const model = join(data, 'models', 'pud');
    for (const args of [['eval', gold], ['eval', model, gold], ['eval', '-m', model, gold]]) {
      const evaluated = await lexdisInProcess([...args, '--format', 'json', '--data', data]);
      assert.equal(evaluated.status, 0, evaluated.stderr);
      assert.equal((JSON.parse(evaluated.stdout) as { model: string }).model, model, args.join(' '));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('lexdis setup from a mirror without the stories: models/lexdis is made without them, says so, and is kept so while they are not there', async () => {
  const work = mkdtempSync(join(tmpdir(), 'lexdis-setup-stories-'));
  const data = join(work, 'data');
  try {
    const args = ['setup', '--models', 'lexdis', '--data', data, '--from', SHARED, '--progress', 'none'];
    const first = await lexdisInProcess(args);
    assert.equal(first.status, 0, first.stderr);
    const files = DATA_SETS.find((s) => s.name === 'aljazeera-learning')!.files;
    const warning = `warning: ${files.length} of ${files.length} files could not be fetched (the first: failed   `;
    assert.ok(first.stderr.split('\n').some((l) => l.startsWith(warning) && l.includes(`aljazeera-learning/${files[0].name}: `)), first.stderr);
    assert.doesNotMatch(first.stderr, /^failed/m, 'one line for the set, not one a file');
    assert.match(first.stderr, /^note: the model lexdis is made without aljazeera: aljazeera-learning is not in the data folder/m);
    assert.match(first.stderr, new RegExp(`^trained  ${join(data, 'models', 'lexdis')}  \\(without aljazeera\\)$`, 'm'));
    assert.ok(!existsSync(join(data, 'corpora', 'aljazeera.pos')));
    assert.ok(!existsSync(join(data, 'aljazeera-learning', 'LICENSE')), 'nothing of the set is left half-fetched');
    const again = await lexdisInProcess(args);
    assert.match(again.stderr, /^kept {5}\S+models\/lexdis {2}\(there and current\) {2}\(without aljazeera\)$/m);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('no default model: tag, diacritize and serve without -m fail with one error naming lexdis setup', async () => {
  const work = mkdtempSync(join(tmpdir(), 'lexdis-setup-none-'));
  try {
    const input = join(work, 'in.txt');
    writeFileSync(input, `${SENTENCE}\n`);
    for (const args of [['diacritize', input], ['tag', input], ['serve', '--port', '0']]) {
      const run = await lexdisInProcess([...args, '--data', join(work, 'data')]);
      assert.equal(run.status, 1, run.stderr);
      const [error, ...hint] = run.stderr.trim().split('\n');
      assert.equal(error, `Error: ${join(work, 'data', 'models', 'lexdis')}: no default model here: 'lexdis setup' trains it into the data folder [DATA_NOT_FOUND]`);
      assert.match(hint.join('\n'), /'lexdis setup' fetches the open data into \S+ and trains the default models there; -m MODEL gives another model/);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('lexdis setup --models refuses a name it does not make (a usage error)', async () => {
  const run = await lexdisInProcess(['setup', '--models', 'pud,big', '--data', join(tmpdir(), 'lexdis-never-made')]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^Error: --models takes lexdis, pud \(comma-separated\), got "pud,big" \[USAGE\]$/m);
});

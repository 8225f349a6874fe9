import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { splitLines } from '../../src/io/files.js';
import { forEachToken, lookupWord, MAX_WORD_LETTERS, tokenizeLine } from '../../src/analyzer/tokenize.js';

test('forEachToken visits what tokenizeLine cuts, with a word\'s letters, without building the tokens', () => {
  const pud = readFileSync(dataPaths.referenceSentences(), 'utf8').slice(0, 50_000);
  const long = 'ب'.repeat(MAX_WORD_LETTERS + 1);
  for (const text of [pud, 'كتب، الطالب.. (2024) Hello\u00a0world\tـــ ', '', '   \n\n', 'abc', 'كِتَابٌ!؟', `في ${long} كَتَبَ`]) {
    const tokens = splitLines(text).flatMap((line) => tokenizeLine(line));
    const seen: Array<{ kind: string; input: string; letters: number }> = [];
    forEachToken(text, (from, to, letters) => seen.push({ kind: letters < 0 ? 'other' : 'word', input: text.slice(from, to), letters }));
    assert.deepEqual(seen, tokens.map((t) => ({ ...t, letters: t.kind === 'word' ? lookupWord(t.input).length : -1 })), JSON.stringify(text.slice(0, 40)));
  }
});

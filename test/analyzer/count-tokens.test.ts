import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { splitLines } from '../../src/io.js';
import { countTokens, tokenizeLine } from '../../src/analyzer/tokenize.js';

test('countTokens counts what tokenizeLine cuts, without building the tokens', () => {
  const pud = readFileSync(dataPaths.referenceSentences(), 'utf8').slice(0, 50_000);
  for (const text of [pud, 'كتب، الطالب.. (2024) Hello\u00a0world\tـــ ', '', '   \n\n', 'abc', 'كِتَابٌ!؟']) {
    const tokens = splitLines(text).flatMap((line) => tokenizeLine(line));
    assert.deepEqual(countTokens(text), { tokens: tokens.length, chars: tokens.reduce((n, t) => n + t.input.length, 0) }, JSON.stringify(text.slice(0, 40)));
  }
});

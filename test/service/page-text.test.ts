/**
 * How the page lays the text out (src/service/public/text.js, plain browser JavaScript loaded
 * here as the module it is): the words found in the vocalized text from the typed one, also
 * when the renderer reorders typed marks or adds marks around a dagger alif; Latin runs kept
 * whole, the punctuation around them left to the Arabic; the pieces are the vocalized text, once.
 * Checked against the service's real answer from the fake tagger.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publicDir } from '../../src/service/assets.js';
import type { TaggedSentence } from '../../src/service/types.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { postJson, serve, type Running } from '../fixtures/service/http.js';

interface Piece { kind: 'word' | 'foreign' | 'plain'; text?: string; shown?: string; token?: { input: string } }
interface TextModule {
  alignShown(typed: string, shown: string): number[];
  layoutText(typed: string, shown: string, sentences: TaggedSentence[]): Piece[];
}

let text: TextModule;
let srv: Running;
before(async () => {
  text = (await import(pathToFileURL(join(publicDir(), 'text.js')).href)) as TextModule;
  srv = await serve(new FakeTagger());
});
after(() => srv.close());

async function layout(typed: string): Promise<{ pieces: Piece[]; vocalized: string }> {
  const { body } = await postJson(`${srv.url}/v1/analyze`, { text: typed, top: 1 });
  return { pieces: text.layoutText(typed, body.vocalized, body.sentences), vocalized: body.vocalized };
}

const shownText = (pieces: Piece[]): string => pieces.map((p) => (p.kind === 'word' ? p.shown : p.text)).join('');

test('alignShown: each typed character\'s place in the vocalized text, added marks going with the letter before', () => {
  // كتب → كَتَبَ: every letter's marks follow it
  assert.deepEqual(text.alignShown('كتب', 'كَتَبَ'), [0, 2, 4, 6]);
  // a typed fatha and shadda, written back shadda first: the letter after is still found
  assert.deepEqual(text.alignShown('ب\u064E\u0651ت', 'ب\u0651\u064Eت\u064E'), [0, 2, 3, 3, 5]);
  // a dagger alif typed, a fatha added before it
  const at = text.alignShown('هٰذا ب', 'هَٰذَا بِ');
  assert.equal('هَٰذَا بِ'.slice(at[0], at[4]), 'هَٰذَا');
  assert.equal('هَٰذَا بِ'.slice(at[5], at[6]), 'بِ');
});

test('layoutText: Arabic words as their vocalized forms, Latin phrases whole, the punctuation around them with the Arabic', async () => {
  const typed = '  كتب الطالب. According to Reuters , في المكتبة، 2024 ok. الدرس\nHello\n';
  const { pieces, vocalized } = await layout(typed);
  assert.equal(shownText(pieces), vocalized.trim(), 'the pieces are the vocalized text, once');
  for (const p of pieces.filter((x) => x.kind === 'word')) assert.equal(p.shown!.replace(/[\u064B-\u0652\u0670]/g, ''), p.token!.input);
  const W = 'word';
  assert.deepEqual(pieces.map((p) => [p.kind, p.kind === 'word' ? p.token!.input : p.text]), [
    [W, 'كتب'], ['plain', ' '], [W, 'الطالب'], ['plain', '. '], ['foreign', 'According to Reuters'], ['plain', ' ,'],
    ['plain', ' '], [W, 'في'], ['plain', ' '], [W, 'المكتبة'], ['plain', '، '], ['foreign', '2024 ok'], ['plain', '.'], ['plain', ' '],
    [W, 'الدرس'], ['plain', '\n'], ['foreign', 'Hello'],
  ]);
});

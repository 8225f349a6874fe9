// The word panel: every reading of the chosen word the service returned, most likely first,
// each with its vocalized form, case or mood, meaning, part of speech, lemma (vocalized; the
// lemma ID and morphology on demand) and confidence. Readings with equal scores are shown
// tied, and why the first of them comes first is said: the analyzer's order.

/** Parts of speech: the label element `pos` (docs/label-elements.md). */
const POS_NAMES = {
  NOUN: 'noun', ADJ: 'adjective', VERB: 'verb', ADV: 'adverb', PREP: 'preposition', CONJ: 'conjunction',
  PRON: 'pronoun', PART: 'particle', DET: 'determiner', FUNC_WORD: 'function word', INTERJ: 'interjection',
  ABBREV: 'abbreviation', PUNC: 'punctuation', FOREIGN: 'foreign word', OTHER: 'other',
};
/** The extra data on the part of speech: the label element `dpos`, as a word before the POS name. */
const DPOS_NAMES = {
  PROP: 'proper', PERFECT: 'perfect', IMPERFECT: 'imperfect', IMPERATIVE: 'imperative',
  PERFECT_PASS: 'passive perfect', IMPERFECT_PASS: 'passive imperfect', DEM: 'demonstrative', REL: 'relative',
  INTERROG: 'interrogative', EXCLAM: 'exclamative', NEG: 'negative', SUB: 'subordinating', FUT: 'future',
  VN: 'verbal', NUM: 'numeral', QUANT: 'quantifier', COMP: 'comparative', FOCUS: 'focus', VOC: 'vocative',
  JUS: 'jussive', SUBJUNC: 'subjunctive', VERB: 'verbal', CONNEC: 'connective', RC: 'result-clause',
};
/** How an analysis that is not the lexicon's own is described (by its `source`). */
const SOURCE_NAMES = {
  backoff: 'guessed: not in the lexicon (read as a name)',
  rule: 'made by rule: a passive the lexicon lacks',
  train: 'seen in training, not given by the analyzer',
};

/** Creates an element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** Arabic text inside the (left-to-right) panel: its own direction, isolated. */
const arabic = (text, cls) => el('span', { class: cls, lang: 'ar', dir: 'rtl', text });

/** The part of speech in words, from the label elements `pos` and `dpos` ("proper noun", "perfect verb"). */
function posName(elements) {
  const base = POS_NAMES[elements.pos] ?? elements.pos.toLowerCase().replace(/_/g, ' ');
  const dpos = elements.dpos;
  if (!dpos) return base;
  return DPOS_NAMES[dpos] ? `${DPOS_NAMES[dpos]} ${base}` : `${base} (${dpos.toLowerCase().replace(/_/g, ' ')})`;
}

/**
 * The analyzer's gloss is "prefix + stem + suffix" (e.g. "the + crisis + [fem.sg.]"): the stem's
 * gloss is the word's meaning; the whole is shown as a phrase when it says more.
 */
function splitGloss(gloss) {
  const parts = (gloss ?? '').split(' + ').map((p) => p.trim());
  const phrase = parts.filter(Boolean).join(' ');
  const stem = parts.length === 3 && parts[1] ? parts[1] : phrase;
  return { stem: stem || '(no gloss)', phrase };
}

function percent(p) {
  const v = p * 100;
  return `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`;
}

/** For each analysis, the ranks of the others with exactly its score (a tie), in list order. */
function tiesOf(analyses) {
  return analyses.map((a) => analyses.filter((b) => b !== a && b.score === a.score).map((b) => b.rank));
}

function confidence(a, tiedWith) {
  const fill = el('span');
  fill.style.width = `${Math.max(0, Math.min(1, a.confidence)) * 100}%`;
  const label = `confidence ${percent(a.confidence)}${tiedWith.length ? `, tied with reading ${tiedWith.join(', ')}` : ''}`;
  return el('div', { class: 'conf' },
    el('div', { class: 'bar', role: 'img', 'aria-label': label }, fill),
    el('span', { class: 'pct', 'aria-hidden': 'true', text: percent(a.confidence) }),
    tiedWith.length ? el('span', { class: 'tie', 'aria-hidden': 'true', text: 'tied' }) : null);
}

/**
 * One reading: its form and case or mood, meaning, part of speech and lemma, confidence, and the
 * technical detail on demand.
 */
function reading(a, tiedWith, inText) {
  const gloss = splitGloss(a.gloss);
  const tags = el('span', { class: 'tags' },
    el('span', { class: 'pos-tag', text: posName(a.elements) }),
    a.caseOrMood ? el('span', { class: 'case-tag', text: a.caseOrMood }) : null,
    inText ? el('span', { class: 'in-text', text: 'in the text' }) : null);
  const lemma = el('p', { class: 'lemma' }, el('span', { class: 'label', text: 'lemma ' }), arabic(a.lemmaVocalized, 'lemma-ar'));
  const technical = el('details', { class: 'more' },
    el('summary', { text: 'Lemma ID and morphology' }),
    el('dl', {},
      el('dt', { text: 'Lemma ID' }), el('dd', { class: 'code lemma-id', dir: 'ltr', text: a.lemma }),
      el('dt', { text: 'Transliteration' }), el('dd', { class: 'code translit', dir: 'ltr', text: a.voc }),
      el('dt', { text: 'Morphology' }), el('dd', { class: 'code', dir: 'ltr', text: a.morph.split('+').join(' + ') }),
      ...(SOURCE_NAMES[a.source] ? [el('dt', { text: 'Source' }), el('dd', { text: SOURCE_NAMES[a.source] })] : [])));
  return el('li', { class: a.rank === 1 ? 'analysis top' : 'analysis' },
    el('div', { class: 'analysis-head' },
      el('span', { class: 'rank', 'aria-hidden': 'true', text: String(a.rank) }),
      arabic(a.vocalized, 'voc'),
      tags),
    el('p', { class: 'gloss' }, el('span', { class: 'gloss-main', text: gloss.stem }),
      gloss.phrase !== gloss.stem ? el('span', { class: 'gloss-phrase', text: gloss.phrase }) : null),
    el('div', { class: 'analysis-foot' }, lemma, confidence(a, tiedWith)),
    technical);
}

/** Says that the first readings are tied and why the first of them is first, or null. */
function tieNote(ties) {
  if (ties[0].length === 0) return null;
  const ranks = [1, ...ties[0]];
  return el('p', { class: 'tie-note', role: 'note' },
    `Readings ${ranks.join(', ')} are tied: the model scores them the same here, `,
    'and the analyzer\'s order alone puts the first one first.');
}

/**
 * The panel's content for a token, as a list of nodes.
 * @param token the service's token (with its analyses, best first)
 * @param shown the word as the text shows it (vocalized)
 * @param top how many analyses were asked for (a token with that many may have more)
 */
export function panelContent(token, shown, top) {
  const head = arabic(shown, 'headword');
  if (!token.found || token.analyses.length === 0) {
    return [head, el('p', { class: 'help', text: 'Not in the lexicon: perhaps a name or a foreign word.' })];
  }
  const analyses = token.analyses;
  const ties = tiesOf(analyses);
  const inText = analyses.find((a) => a.vocalized === shown) ?? null;
  const count = analyses.length;
  const list = el('ol', { class: 'readings', 'aria-label': 'readings, most likely first' });
  analyses.forEach((a, i) => list.append(reading(a, ties[i], a === inText)));
  return [
    head,
    el('p', { class: 'summary', text: count === 1 ? 'One reading.' : `${count === top ? `The ${count} most likely readings` : `${count} readings`}, most likely first.` }),
    tieNote(ties),
    list,
  ].filter(Boolean);
}

/** A short line for screen readers when a word is chosen: the word, how many readings, the first one. */
export function announcement(token, shown) {
  const first = token.analyses[0];
  if (!token.found || !first) return `${shown}: not in the lexicon.`;
  const ties = tiesOf(token.analyses)[0];
  const facts = [posName(first.elements), first.caseOrMood, splitGloss(first.gloss).stem,
    `${percent(first.confidence)}${ties.length ? `, tied with reading ${ties.join(', ')}` : ''}`].filter(Boolean);
  return `${shown}: ${token.analyses.length === 1 ? 'one reading' : `${token.analyses.length} readings`}; the first: ${facts.join(', ')}.`;
}

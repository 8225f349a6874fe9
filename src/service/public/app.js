// lexdis reading page: sends the text to POST /v1/analyze and shows each word as a button;
// choosing a word shows its top analysis and the other ones with their confidence.
// Plain browser JavaScript, no build step, no requests beyond this server.

const TOP = 10;
const NO_SPACE_BEFORE = /^[.,:;!?)\]}»،؛؟…]+$/;
const NO_SPACE_AFTER = /^[(\[{«]+$/;

const POS_NAMES = {
  NOUN: 'noun', NOUN_PROP: 'proper noun', ADJ: 'adjective', ADV: 'adverb', NUM: 'number',
  VERB_PERFECT: 'verb, perfect', VERB_IMPERFECT: 'verb, imperfect', VERB_IMPERATIVE: 'verb, imperative',
  PREP: 'preposition', CONJ: 'conjunction', SUB_CONJ: 'subordinating conjunction', PRON: 'pronoun',
  DEM_PRON: 'demonstrative pronoun', REL_PRON: 'relative pronoun', INTERROG_PART: 'interrogative particle',
  NEG_PART: 'negative particle', FUT_PART: 'future particle', VERB_PART: 'verbal particle', PART: 'particle',
  INTERJ: 'interjection', ABBREV: 'abbreviation', FOREIGN: 'foreign word', PUNC: 'punctuation',
  DET: 'determiner', NOUN_QUANT: 'quantifier noun', EXCLAM_PRON: 'exclamation',
};

const $ = (id) => document.getElementById(id);
const textBox = $('text');
const analyzeButton = $('analyze');
const statusLine = $('status');
const errorLine = $('error');
const result = $('result');
const detail = $('detail');

let tokens = [];
let limits = { maxTop: TOP, maxTextLength: 20000 };

/** Creates an element with attributes and children (strings become text nodes). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function showError(message) {
  errorLine.textContent = message;
  errorLine.hidden = !message;
}

function posName(pos) {
  return POS_NAMES[pos] ?? pos.toLowerCase().replace(/_/g, ' ');
}

/** How an analysis that is not the lexicon's own is described (by its `source`). */
const SOURCE_NAMES = {
  backoff: 'guessed: the word is not in the lexicon (read as a name)',
  train: 'seen in training (not given by the analyzer)',
};
const SOURCE_SHORT = { backoff: 'not in the lexicon', train: 'from training' };

/**
 * The analyzer's gloss is "prefix + stem + suffix" (e.g. " + go/depart + he/it <verb>").
 * Returns the stem's gloss (the word's meaning) and the whole gloss as a phrase.
 */
function splitGloss(gloss) {
  const parts = (gloss ?? '').split(' + ').map((p) => p.trim());
  const phrase = parts.filter(Boolean).join(' ');
  const stem = parts.length === 3 && parts[1] ? parts[1] : phrase;
  return { stem: stem || '(no gloss)', phrase };
}

/** A lemma ID without its stem-vowel and sense marks: كَتَب-ُ_1 → كَتَب. */
function citation(lemmaId) {
  return lemmaId.replace(/[-_].*$/, '') || lemmaId;
}

function percent(p) {
  const v = p * 100;
  return `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`;
}

function confidence(p, label) {
  const fill = el('span');
  fill.style.width = `${Math.max(0, Math.min(1, p)) * 100}%`;
  return el('div', { class: 'conf' },
    el('div', { class: 'bar', role: 'img', 'aria-label': `${label} ${percent(p)}` }, fill),
    el('span', { class: 'pct', 'aria-hidden': 'true', text: percent(p) }));
}

async function loadModelInfo() {
  try {
    const res = await fetch('/v1/model');
    if (!res.ok) return;
    const info = await res.json();
    limits = { ...limits, ...info.service.limits };
    textBox.maxLength = limits.maxTextLength;
    const m = info.model ?? {};
    const corpus = m.corpus && typeof m.corpus === 'object' ? m.corpus : null;
    const source = corpus?.source ? String(corpus.source).split(/[\\/]/).pop() : m.trainingCorpus;
    const parts = [
      typeof m.featureSet === 'string' ? `${m.featureSet} features` : null,
      source ? `trained on ${source}${corpus?.tokens ? ` (${Number(corpus.tokens).toLocaleString('en')} tokens)` : ''}` : null,
    ].filter(Boolean);
    $('model-info').textContent = parts.length ? `model: ${parts.join(' · ')}` : '';
  } catch {
    // the page still works without the header line
  }
}

async function analyze() {
  const text = textBox.value;
  showError('');
  if (!text.trim()) {
    statusLine.textContent = 'Type or paste some Arabic text first.';
    return;
  }
  analyzeButton.disabled = true;
  statusLine.textContent = 'Analyzing…';
  try {
    const res = await fetch('/v1/analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, top: Math.min(TOP, limits.maxTop) }),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      showError(body?.error?.message ?? `The server answered ${res.status}.`);
      statusLine.textContent = '';
      return;
    }
    render(body.sentences, body.vocalized);
  } catch (err) {
    showError(`Could not reach the server (${err.message}).`);
    statusLine.textContent = '';
  } finally {
    analyzeButton.disabled = false;
  }
}

function render(sentences, vocalized) {
  const vocalizedLine = $('vocalized');
  vocalizedLine.textContent = vocalized ?? '';
  vocalizedLine.hidden = !vocalized;
  tokens = [];
  result.replaceChildren();
  detail.replaceChildren(el('p', { class: 'empty', text: 'No word chosen yet.' }));
  let words = 0;
  for (const sentence of sentences) {
    const p = el('p', { class: 'sentence' });
    let prev = null;
    for (const token of sentence.tokens) {
      if (prev !== null && !NO_SPACE_BEFORE.test(token.input) && !NO_SPACE_AFTER.test(prev)) p.append(' ');
      prev = token.input;
      if (!token.arabic) {
        const punct = !/[\p{L}\p{N}]/u.test(token.input);
        p.append(el('span', { class: punct ? 'punct' : 'passthrough', lang: punct ? null : 'und', dir: 'auto', text: token.input }));
        continue;
      }
      const index = tokens.push(token) - 1;
      words++;
      p.append(el('button', {
        type: 'button', class: token.found ? 'word' : 'word unknown',
        'data-index': index, 'aria-pressed': 'false', text: token.input,
      }));
    }
    result.append(p);
  }
  statusLine.textContent = `${words} Arabic word${words === 1 ? '' : 's'} analyzed.`;
}

function choose(button) {
  for (const b of result.querySelectorAll('.word[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
  button.setAttribute('aria-pressed', 'true');
  showDetail(tokens[Number(button.dataset.index)]);
}

function showDetail(token) {
  if (!token.found || token.analyses.length === 0) {
    detail.replaceChildren(
      el('p', { class: 'headword', lang: 'ar', dir: 'rtl', text: token.input }),
      el('p', { text: 'Not in the lexicon: perhaps a name or a foreign word.' }));
    return;
  }
  const [best, ...others] = token.analyses;
  const bestGloss = splitGloss(best.gloss);
  const elements = el('table');
  for (const [k, v] of Object.entries(best.elements)) {
    if (v) elements.append(el('tr', {}, el('td', { text: k }), el('td', { class: 'code', text: v })));
  }
  const parts = [
    el('p', { class: 'headword', lang: 'ar', dir: 'rtl', text: best.vocalized }),
    el('p', { class: 'translit', text: best.voc }),
    el('p', { class: 'gloss-main', text: bestGloss.stem }),
    bestGloss.phrase !== bestGloss.stem ? el('p', { class: 'gloss-phrase', text: bestGloss.phrase }) : null,
    el('dl', { class: 'facts' },
      el('dt', { text: 'Lemma' }),
      el('dd', {}, el('span', { class: 'ar', lang: 'ar', dir: 'rtl', text: citation(best.lemmaArabic) }), ' ',
        el('span', { class: 'code', dir: 'ltr', text: best.lemma })),
      el('dt', { text: 'Part of speech' }),
      el('dd', {}, el('span', { class: 'pos-tag', text: posName(best.pos) })),
      ...(SOURCE_NAMES[best.source] ? [el('dt', { text: 'Source' }), el('dd', { text: SOURCE_NAMES[best.source] })] : []),
      el('dt', { text: 'Morphology' }),
      el('dd', { class: 'code', dir: 'ltr', text: best.morph.split('+').join(' + ') }),
      el('dt', { text: 'Confidence' }),
      el('dd', {}, confidence(best.confidence, 'confidence'))),
    el('details', { class: 'elements' }, el('summary', { text: 'Label elements' }), elements),
  ];
  if (others.length > 0) {
    const list = el('ol', { class: 'alts', start: 2 });
    for (const a of others) {
      list.append(el('li', {},
        el('span', { class: 'alt-voc', lang: 'ar', dir: 'rtl', text: a.vocalized }),
        el('span', { class: 'alt-gloss', text: splitGloss(a.gloss).stem }),
        el('span', { class: 'alt-meta', text: [posName(a.pos), a.lemma, SOURCE_SHORT[a.source] ?? null].filter(Boolean).join(' · ') }),
        confidence(a.confidence, `analysis ${a.rank} confidence`)));
    }
    parts.push(el('h3', { text: `Other analyses (${others.length})` }), list);
  } else {
    parts.push(el('p', { class: 'help', text: 'The analyzer found no other analysis.' }));
  }
  detail.replaceChildren(...parts.filter(Boolean));
}

result.addEventListener('click', (event) => {
  const button = event.target.closest('.word');
  if (button) choose(button);
});

// Arrow keys move between words in reading order (right-to-left on screen).
result.addEventListener('keydown', (event) => {
  const button = event.target.closest('.word');
  if (!button) return;
  const all = [...result.querySelectorAll('.word')];
  const i = all.indexOf(button);
  const next = { ArrowLeft: i + 1, ArrowRight: i - 1, Home: 0, End: all.length - 1 }[event.key];
  if (next === undefined || next < 0 || next >= all.length) return;
  event.preventDefault();
  all[next].focus();
});

analyzeButton.addEventListener('click', analyze);
textBox.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    analyze();
  }
});

loadModelInfo();

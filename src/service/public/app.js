// lexdis reading page: sends the text to POST /v1/analyze and shows it once, vocalized, each
// Arabic word a button; choosing a word opens the word panel (beside the text on a wide
// screen, a bottom sheet on a narrow one) with its readings.
// Plain browser JavaScript, no build step, no requests beyond this origin. The analyses come
// from backend.js: the service's API (`lexdis serve`), or the tagger in this browser (`lexdis site`).

import { layoutText } from './text.js';
import { announcement, el, panelContent } from './panel.js';
import { connect } from './backend.js';

const TOP = 10;
/** Narrow screens show the panel as a bottom sheet (the same width as in style.css). */
const NARROW = window.matchMedia('(max-width: 820px)');
/** Room kept between a chosen word and the sheet above which it is scrolled, in pixels. */
const ROOM = 12;

const $ = (id) => document.getElementById(id);
const textBox = $('text');
const analyzeButton = $('analyze');
const statusLine = $('status');
const errorLine = $('error');
const result = $('result');
const panel = $('panel');
const detail = $('detail');

/** The tokens of the shown words, by button index, with the form each is shown in. */
let words = [];
/** How many analyses per word the last answer holds at most. */
let answerTop = TOP;
let limits = { maxTop: TOP, maxTextLength: 20000 };

function showError(message) {
  errorLine.textContent = message;
  errorLine.hidden = !message;
}

/** The model's line in the header: its feature set and what it was trained on. */
function showModel(m) {
  if (!m) return;
  const corpus = m.corpus && typeof m.corpus === 'object' ? m.corpus : null;
  const source = corpus?.source ? String(corpus.source).split(/[\\/]/).pop() : m.trainingCorpus;
  const parts = [
    typeof m.featureSet === 'string' ? `${m.featureSet} features` : null,
    source ? `trained on ${source}${corpus?.tokens ? ` (${Number(corpus.tokens).toLocaleString('en')} tokens)` : ''}` : null,
  ].filter(Boolean);
  $('model-info').textContent = parts.length ? `model: ${parts.join(' · ')}` : '';
}

/** What a static site carries, under which licence, and where the source is (none from the service). */
function showCarries(carries) {
  if (!carries?.length) return;
  const list = $('carries-list');
  for (const c of carries) {
    const item = el('li', { text: `${c.name}: ${c.licence}` });
    for (const [label, href] of [['licence', c.licenceFile], ['source', c.source]]) {
      if (href) item.append(' · ', el('a', { href, text: label }));
    }
    list.append(item);
  }
  $('carries').hidden = false;
}

const backend = connect((message) => { statusLine.textContent = message; }).then((b) => {
  limits = { ...limits, ...b.limits };
  textBox.maxLength = limits.maxTextLength;
  showModel(b.model);
  showCarries(b.carries);
  return b;
});

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
    const body = await (await backend).analyze(text, Math.min(TOP, limits.maxTop));
    await render(text, body);
  } catch (err) {
    showError(err.message);
    statusLine.textContent = '';
  } finally {
    analyzeButton.disabled = false;
  }
}

/** Words put on the page in one task: a long text is shown in slices, so the page keeps answering. */
const SLICE_WORDS = 400;
/** The render under way: a new text stops an older one between slices. */
let rendering = 0;

/** Shows the text once, vocalized: Arabic words as buttons, other runs isolated in their own direction. */
async function render(text, body) {
  const run = ++rendering;
  words = [];
  result.replaceChildren();
  closePanel();
  detail.replaceChildren(el('p', { class: 'empty', text: 'No word chosen yet.' }));
  let slice = 0;
  for (const piece of layoutText(text, body.vocalized, body.sentences)) {
    if (piece.kind === 'word' && ++slice > SLICE_WORDS) {
      slice = 0;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (run !== rendering) return;
    }
    if (piece.kind === 'plain') result.append(piece.text);
    else if (piece.kind === 'foreign') result.append(el('bdi', { class: 'foreign', text: piece.text }));
    else {
      const index = words.push({ token: piece.token, shown: piece.shown }) - 1;
      result.append(el('button', {
        type: 'button', class: piece.token.found ? 'word' : 'word unknown',
        'data-index': index, 'aria-pressed': 'false', text: piece.shown,
      }));
    }
  }
  answerTop = body.top;
  statusLine.textContent = `${words.length} Arabic word${words.length === 1 ? '' : 's'} analyzed.`;
}

function choose(button) {
  for (const b of result.querySelectorAll('.word[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
  button.setAttribute('aria-pressed', 'true');
  const { token, shown } = words[Number(button.dataset.index)];
  detail.replaceChildren(...panelContent(token, shown, answerTop));
  $('announce').textContent = announcement(token, shown);
  panel.scrollTop = 0;
  openPanel(button);
}

/**
 * Opens the panel with the chosen word in view: on a narrow screen the word is scrolled above
 * the bottom sheet; on a wide one, near the end of the text, where the sticky panel can rise no
 * further than the text's bottom, the page is scrolled back until the panel's top shows.
 */
function openPanel(button) {
  panel.classList.add('open');
  document.body.classList.add('sheet-open');
  if (!NARROW.matches) {
    const top = panel.getBoundingClientRect().top;
    if (top < 0) window.scrollBy({ top: top - ROOM, behavior: 'instant' });
    return;
  }
  const sheetTop = panel.getBoundingClientRect().top;
  const word = button.getBoundingClientRect();
  if (word.bottom > sheetTop - ROOM) window.scrollBy({ top: word.bottom - sheetTop + ROOM, behavior: 'instant' });
  else if (word.top < ROOM) window.scrollBy({ top: word.top - ROOM, behavior: 'instant' });
}

function closePanel() {
  panel.classList.remove('open');
  document.body.classList.remove('sheet-open');
}

result.addEventListener('click', (event) => {
  const button = event.target.closest('.word');
  if (button) choose(button);
});

// Arrow keys move between words in reading order (right to left on screen).
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

// Escape or the close button closes the sheet and gives the focus back to the chosen word.
$('close-panel').addEventListener('click', () => {
  closePanel();
  result.querySelector('.word[aria-pressed="true"]')?.focus();
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !panel.classList.contains('open') || !NARROW.matches) return;
  closePanel();
  result.querySelector('.word[aria-pressed="true"]')?.focus();
});

analyzeButton.addEventListener('click', analyze);
textBox.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    analyze();
  }
});


/**
 * Writer of the ATB analysis-file ("pos") format in its canonical layout (see pos.ts), so
 * that writePosFile(readPosFile(x)) === x for every well-formed file x. A model that the
 * format cannot express (a voc with parentheses, a line break inside a field, a star on an
 * alternative of a word with solutions of its own…) is refused with a UsageError instead of
 * writing a file that reads back wrong.
 */
import { UsageError } from '../../errors.js';
import { IMPLICIT_DOCUMENT_ID, type PosDocument, type PosFile, type PosSolution, type PosToken } from './pos-model.js';

function checkText(value: string, what: string): string {
  if (/[\r\n]/.test(value)) throw new UsageError(`pos writer: line break inside ${what} ${JSON.stringify(value)}`);
  return value;
}

function checkPositive(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`pos writer: ${what} must be a positive integer, not ${n}`);
  return n;
}

function solutionLines(s: PosSolution, out: string[]): void {
  if (/[()]/.test(s.voc)) throw new UsageError(`pos writer: voc ${JSON.stringify(s.voc)} contains a parenthesis`);
  if (s.lemma !== undefined && /[[\]]/.test(s.lemma))
    throw new UsageError(`pos writer: lemma ${JSON.stringify(s.lemma)} contains a bracket`);
  if (s.morph.trim() === '' || s.morph.startsWith('['))
    throw new UsageError(`pos writer: morphology ${JSON.stringify(s.morph)} is blank or starts with "["`);
  const lemma = s.lemma === undefined ? '' : `[${checkText(s.lemma, 'a lemma')}] `;
  out.push(`${s.gold ? '*' : ' '} SOLUTION ${checkPositive(s.n, 'a solution number')}: (${checkText(s.voc, 'a voc')}) ${lemma}${checkText(s.morph, 'a morphology')}`);
  if (s.gloss !== undefined) out.push(`     (GLOSS): ${checkText(s.gloss, 'a gloss')}`);
  if (s.score !== undefined) {
    if (!Number.isFinite(s.score)) throw new UsageError(`pos writer: score ${s.score} is not a finite number`);
    out.push(`     (SCORE): ${String(s.score)}`);
  }
}

function tokenBlock(t: PosToken): string {
  const out: string[] = [`INPUT STRING: ${checkText(t.input, 'an input string')}`];
  if (t.lookup !== undefined) out.push(`LOOK-UP WORD: ${checkText(t.lookup, 'a look-up word')}`);
  for (const c of t.comments) out.push(`     Comment: ${checkText(c, 'a comment')}`);
  if (t.index)
    out.push(`  INDEX: P${checkPositive(t.index.paragraph, 'a paragraph number')}W${checkPositive(t.index.word, 'a word number')}`);
  if (t.solutions.length > 0 && t.alternatives.some((a) => a.solutions.some((s) => s.gold)))
    throw new UsageError(`pos writer: token "${t.input}" stars an alternative although it has solutions of its own`);
  for (const s of t.solutions) solutionLines(s, out);
  for (const a of t.alternatives) {
    out.push(` ALTERNATIVE: ${checkText(a.form, 'an alternative')}`);
    for (const c of a.comments) out.push(`     Comment: ${checkText(c, 'a comment')}`);
    for (const s of a.solutions) solutionLines(s, out);
  }
  return out.join('\n');
}

function checkDocuments(docs: readonly PosDocument[]): void {
  const ids = new Set<string>();
  docs.forEach((d, i) => {
    if (d.id === undefined) {
      if (i > 0) throw new UsageError('pos writer: only the first document may lack an id');
      if (d.tokens.length === 0) throw new UsageError('pos writer: an implicit (id-less) document needs tokens');
      return;
    }
    checkText(d.id, 'a document id');
    if (d.id.trim() === '') throw new UsageError('pos writer: empty document id');
    if (ids.has(d.id)) throw new UsageError(`pos writer: duplicate document id "${d.id}"`);
    if (d.id === IMPLICIT_DOCUMENT_ID && docs[0].id === undefined)
      throw new UsageError(`pos writer: document id "${d.id}" is the implicit first document's id`);
    ids.add(d.id);
  });
  for (const d of docs) checkIndexes(d);
}

/** The INDEX rules of the reader: all tokens or none, unique, contiguous paragraphs. */
function checkIndexes(doc: PosDocument): void {
  const indexed = doc.tokens.filter((t) => t.index !== undefined).length;
  if (indexed === 0) return;
  const where = `document ${doc.id ?? IMPLICIT_DOCUMENT_ID}`;
  if (indexed !== doc.tokens.length) throw new UsageError(`pos writer: ${where} has INDEX on some tokens only`);
  const seen = new Set<string>();
  const done = new Set<number>();
  let last = 0;
  for (const { index } of doc.tokens) {
    const key = `P${index!.paragraph}W${index!.word}`;
    if (seen.has(key)) throw new UsageError(`pos writer: duplicate INDEX ${key} in ${where}`);
    seen.add(key);
    if (index!.paragraph !== last) {
      if (done.has(index!.paragraph)) throw new UsageError(`pos writer: paragraph P${index!.paragraph} is split in ${where}`);
      done.add(index!.paragraph);
      last = index!.paragraph;
    }
  }
}

/**
 * Writes a pos file in the canonical layout: blocks separated by one blank line, LF line
 * ends. Takes the file's model (readPosFile's, or corpusToPos's); returns the text. Throws
 * UsageError for a field the format cannot hold (a line break in a field, a bad index…).
 */
export function writePosFile(pos: PosFile): string {
  checkDocuments(pos.documents);
  const blocks: string[] = [];
  for (const doc of pos.documents) {
    if (doc.id !== undefined) blocks.push(`;;; DOCUMENT: ${doc.id}`);
    for (const t of doc.tokens) blocks.push(tokenBlock(t));
  }
  return (pos.leadingBlank ? '\n' : '') + blocks.map((b) => `${b}\n`).join('\n');
}

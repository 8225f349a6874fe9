/**
 * Gold from any vocalized text (`lexdis import-diac`, docs/formats.md "Vocalized text"): one
 * sentence a line, UTF-8 (or Windows-1256), Arabic script or Buckwalter. Each line is read by
 * the analyzer without its marks and each Arabic word's gold is the candidate whose rendering
 * spells the line's vocalization (src/import/voc-match.ts, the same code as the PADT import,
 * without the treebank's lemma and features):
 *
 * - exactly one candidate matches: it is the gold;
 * - several match (different labels: the candidates are distinct labels): a tie, every one of
 *   them gold (Token.golds: training counts each, evaluation takes any as right) and a note
 *   naming them; the analyzer's order never picks one;
 * - none matches, or the word carries no vowel mark: no gold mark, a note with the reason; the
 *   word stays in the corpus (context) and is reported with its file:line.
 *
 * Documents: a blank line ends one, and so does every `docLines`-th sentence without one
 * (0: blank lines only). Document ids are `L<n>`, sentence ids `L<n>`, n its first input line.
 *
 * A corpus whose Arabic words mostly match nothing (more than `maxUnmatched` of them, checked
 * once `checkAfter` Arabic words have been read and again at the end) is refused with a
 * CorpusError naming the likely cause: no vowels, Latin letters (Buckwalter read as Arabic),
 * a wrong encoding, words the analyzer does not know, or another vocalization convention.
 * Nothing is written before the first check passes; the caller's output is atomic.
 */
import type { Analyzer } from '../analyzer/engine.js';
import { resolveInputScript, type InputScript } from '../analyzer/script.js';
import { setGolds, type Document, type Sentence } from '../corpus/types.js';
import { CorpusError } from '../errors.js';
import type { LabelElements } from '../labels/elements.js';
import { factorize as defaultFactorize } from '../labels/factorize.js';
import { fromBuckwalter, type Script } from '../script/buckwalter.js';
import { corpusToPos, writePosFile } from '../formats/pos/pos.js';
import { analyzeVocalized, hasVowelMarks, nextWasl, stripForAnalysis, unmatchedReason } from './voc-match.js';
import { VocReportBuilder, vocTieNote, type DiacTies, type VocalizedReport } from './voc-report.js';

/** Options of {@link DiacImporter}. */
export interface DiacImportOptions {
  /** Name of the input in notes, errors and the report. */
  file: string;
  /** Script of the input ('auto': Buckwalter when the first line with letters has no Arabic letter). */
  script: InputScript;
  /** Sentences per document at most (0: only blank lines end documents). */
  docLines: number;
  /**
   * A tie (several candidates spell the word): `all` makes each of them gold (Token.golds), `first`
   * only the one first in the analyzer's order (the others stay candidates).
   */
  ties: DiacTies;
  /** Examples kept per report bucket. */
  examples: number;
  factorize: (lemma: string, morph: string) => LabelElements;
  /** Largest share of Arabic words without a match (unmatched, not tied) a corpus may have. */
  maxUnmatched: number;
  /** Arabic words read before the first check of that share. */
  checkAfter: number;
  /** Called for every Arabic word without a gold mark: `file:line`, the word, why (tab-separated). */
  onUngolded?: (line: string) => void;
}

/**
 * The defaults: Arabic script detected, 20 sentences per document at most, every tied candidate
 * gold, 5 examples, at most half the words unmatched, checked after 1,000 words.
 */
export const defaultDiacImportOptions: DiacImportOptions = {
  file: '<text>', script: 'auto', docLines: 20, ties: 'all', examples: 5, factorize: defaultFactorize,
  maxUnmatched: 0.5, checkAfter: 1000,
};

/** What the likely-cause diagnosis counts beside the report. */
interface Signs {
  arabicLetters: number;
  latinLetters: number;
  /** UTF-8 Arabic read as Windows-1256 looks like ط or ظ followed by punctuation-like characters. */
  mojibake: number;
}

const ARABIC_LETTER = /[\u0621-\u063a\u0641-\u064a]/g;
const LATIN_LETTER = /[A-Za-z]/g;
const MOJIBAKE = /[\u0637\u0638][\u00a0-\u00ff\u0152-\u02dc\u2013-\u2122\u060c\u061b\u061f\u0679\u067e\u0686\u0688\u0691\u0698\u06a9\u06af\u06ba\u06be]/g;

/**
 * Reads vocalized text line by line into a gold corpus in the pos format (see the module
 * comment). Feed it every input line in order with {@link line}, then call {@link finish};
 * each returns pos text to write, in order.
 */
export class DiacImporter {
  private readonly o: DiacImportOptions;
  private readonly rep: VocReportBuilder;
  private script: Script | undefined;
  private doc: Document | null = null;
  private docs = 0;
  private pending: string[] = [];
  private checked = false;
  private readonly signs: Signs = { arabicLetters: 0, latinLetters: 0, mojibake: 0 };

  constructor(private readonly analyzer: Pick<Analyzer, 'analyzeLine'>, options: Partial<DiacImportOptions> = {}) {
    this.o = { ...defaultDiacImportOptions, ...options };
    this.rep = new VocReportBuilder(this.o.file, 'text', this.o.examples);
  }

  /** One input line (1-based `lineNo`); returns pos text to write ('' while the first check has not passed). */
  line(text: string, lineNo: number): string {
    if (text.trim() === '') return this.emit(this.endDocument());
    this.sign(text);
    this.script ??= /[\p{L}]/u.test(text) ? resolveInputScript(text, this.o.script) : undefined;
    const vocalized = this.script === 'buckwalter' ? fromBuckwalter(text) : text;
    const sentence = this.sentence(vocalized, lineNo);
    if (!this.doc) this.doc = { id: `L${lineNo}`, sentences: [] };
    this.doc.sentences.push(sentence);
    let out = '';
    if (this.o.docLines > 0 && this.doc.sentences.length >= this.o.docLines) out = this.endDocument();
    if (!this.checked && this.rep.progress().arabic >= this.o.checkAfter) this.check();
    return this.emit(out);
  }

  /**
   * The end of the input: the last document, after the final check. Throws CorpusError when the
   * corpus mostly fails to match.
   */
  finish(): string {
    const out = this.endDocument();
    this.check();
    return this.emit(out);
  }

  /** The report so far (complete after {@link finish}). */
  report(): VocalizedReport {
    return this.rep.build();
  }

  private sign(text: string): void {
    if (this.checked) return;
    this.signs.arabicLetters += text.match(ARABIC_LETTER)?.length ?? 0;
    this.signs.latinLetters += text.match(LATIN_LETTER)?.length ?? 0;
    this.signs.mojibake += text.match(MOJIBAKE)?.length ?? 0;
  }

  private emit(out: string): string {
    if (!this.checked) {
      if (out) this.pending.push(out);
      return '';
    }
    const all = this.pending.join('') + out;
    this.pending = [];
    return all;
  }

  private sentence(vocalized: string, lineNo: number): Sentence {
    const toks = analyzeVocalized(stripForAnalysis(vocalized), (l) => this.analyzer.analyzeLine(l), this.o);
    const where = `${this.o.file}:${lineNo}`;
    this.rep.sentence();
    const tokens = toks.map((vt, i) => {
      const t = vt.token;
      t.index = { paragraph: (this.doc?.sentences.length ?? 0) + 1, word: i + 1 };
      this.rep.token(t, t.arabic && hasVowelMarks(vt.gold));
      if (!t.arabic) return t;
      if (vt.matching.length === 1) {
        t.gold = vt.matching[0];
        this.rep.matched('vocalization');
      } else if (vt.matching.length > 1) {
        setGolds(t, this.o.ties === 'all' ? vt.matching : [Math.min(...vt.matching)]);
        t.note = `${vocTieNote(t, vt.matching, this.o.ties)} (${where})`;
        this.rep.tied(where, t.form, t, vt.matching);
      } else {
        const { reason, detail } = unmatchedReason(t.form, vt.gold, t.candidates, nextWasl(toks, i));
        t.note = `vocalized gold unmatched (${reason}) at ${where}: ${detail}`;
        this.rep.unmatched(where, t.form, reason, detail);
        this.o.onUngolded?.(`${where}\t${vt.gold || t.form}\t${reason}\t${detail}`);
      }
      return t;
    });
    return { id: `L${lineNo}`, tokens };
  }

  private endDocument(): string {
    const doc = this.doc;
    this.doc = null;
    if (!doc || doc.sentences.length === 0) return '';
    this.rep.document();
    const text = writePosFile(corpusToPos({ documents: [doc] }));
    return (this.docs++ > 0 ? '\n' : '') + text;
  }

  /** Refuses a corpus whose Arabic words mostly match nothing, naming the likely cause. */
  private check(): void {
    this.checked = true;
    const r = this.rep.build();
    const a = r.tokens.arabic;
    const where = { file: this.o.file };
    const s = this.signs;
    if (a === 0) {
      const hint = s.latinLetters > 0 && this.script !== 'buckwalter' ? ': the text is in Latin letters; if it is Buckwalter transliteration, read it with --script buckwalter' : '';
      throw new CorpusError(`no Arabic word in the text${hint}`, where);
    }
    if (r.unmatched.total <= this.o.maxUnmatched * a) return;
    const share = `${r.unmatched.total} of ${a} Arabic words (${((100 * r.unmatched.total) / a).toFixed(1)}%) match no analysis`;
    const reasons = r.unmatched.byReason;
    let cause: string;
    if (s.mojibake > 0.1 * s.arabicLetters) cause = 'the text looks like UTF-8 read as Windows-1256 (ط or ظ before punctuation-like characters): read it without --encoding windows-1256';
    else if (r.tokens.vocalized === 0) cause = 'the text carries no vowel marks at all: import-diac needs vocalized text (lexdis diacritize vocalizes plain text)';
    else if (reasons.unvocalized > a / 2) cause = `most words carry no vowel mark (${reasons.unvocalized}): a partly vocalized text cannot tell the analyses apart`;
    else if (s.latinLetters > s.arabicLetters) cause = 'most letters are Latin: a Buckwalter text read as Arabic script? (--script buckwalter)';
    else if (reasons['not-found'] > a / 4) cause = `the analyzer has no analysis of many words (${reasons['not-found']}): a wrong encoding or script, or not Arabic`;
    else cause = 'the words carry vowels but not those of any analysis: another vocalization convention than docs/formats.md describes, or not Modern Standard Arabic';
    throw new CorpusError(`${share}: ${cause}`, where);
  }
}

/**
 * {@link DiacImporter} over a whole text held in memory. Takes the text, the analyzer and the
 * options; returns the pos text and the report. Throws CorpusError as the importer does.
 */
export function importDiacText(text: string, analyzer: Pick<Analyzer, 'analyzeLine'>, options: Partial<DiacImportOptions> = {}): { pos: string; report: VocalizedReport } {
  const imp = new DiacImporter(analyzer, options);
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let pos = '';
  lines.forEach((l, i) => {
    pos += imp.line(l, i + 1);
  });
  pos += imp.finish();
  return { pos, report: imp.report() };
}

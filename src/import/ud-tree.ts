/**
 * The case a word's place in the dependency tree gives it, for the words whose FEATS carry
 * no Case: UD Arabic-PUD annotates Case on common nouns and adjectives but not on most proper
 * nouns (1,100 of them) or on some numerals, and without it the projection could only take the
 * first of their case endings in the analyzer's order (always the nominative).
 *
 * The rules, in order (a UD deprel is read without its subtype):
 *   1. a word with a `case` dependent (a preposition: في, the clitic ب/ل/ك) is genitive;
 *   2. `flat`, `conj`, `appos` and `amod` take their head's case (its Case, or its case by
 *      these rules, at most six heads up);
 *   3. `nmod` is genitive (the second term of a construct);
 *   4. `nsubj` is accusative when its head has a `mark` dependent whose lemma ends in nūn
 *      with shadda (إنّ, أنّ, لكنّ and their sisters), nominative otherwise;
 *   5. `obj` is accusative;
 *   6. غير (`advmod` right before its head, which PUD gives the genitive of the construct
 *      غيرُ مسبوقةٍ) takes the case of its head's place, found by these rules as if the head
 *      had no Case of its own: in عملياتٍ غيرِ مسبوقةٍ, the head is an `amod` of a genitive;
 *   7. anything else: unknown.
 * Measured on the PUD words that do carry Case, the rules give one for 7,252 of them and the
 * annotated one for 95.4% of those (docs/ud-projection.md).
 *
 * The tree also tells a construct (iḍāfa) head, which UD Arabic-PUD cannot: it has no
 * Definite=Cons, and marks the first term of an indefinite construct Definite=Ind like a noun
 * with tanween (حضور ممثلين, شركة طيران: 115 nouns). See {@link SentenceTree.isConstructHead}.
 */
import type { ConlluWord } from './conllu.js';

/** How far up the tree rules 2 and 6 follow heads. */
const MAX_HEADS = 6;
/** The lemma غير (with or without its vowels). */
const GHAYR = /^\u063a\u064e?\u064a\u0652?\u0631$/;

/** A sentence's words with each word's dependents, read once per sentence. */
export class SentenceTree {
  private readonly byId = new Map<number, ConlluWord>();
  private readonly children = new Map<number, ConlluWord[]>();

  /** Takes the sentence's syntactic words (multiword-token lines excluded). */
  constructor(words: readonly ConlluWord[]) {
    for (const w of words) {
      this.byId.set(w.id, w);
      if (w.head === null) continue;
      const list = this.children.get(w.head);
      if (list) list.push(w);
      else this.children.set(w.head, [w]);
    }
  }

  /**
   * The UD Case value (`Nom`, `Acc`, `Gen`) the tree gives a word whose FEATS have none, or
   * undefined where the rules say nothing (or the word carries Case itself: that one counts).
   */
  syntacticCase(word: ConlluWord): string | undefined {
    return word.feats.has('Case') ? undefined : this.caseOf(word, 0);
  }

  /**
   * Whether a word is the first term of a construct: its genitive complement starts with the
   * next syntactic word — the complement itself or a quantifier before it (`det`: على عاتقِ
   * كلِّ شركةٍ) —, attached to it as `nmod` without a preposition (`case` dependent) of its own,
   * in the genitive or without Case (proper nouns). Such a noun takes no tanween whatever its
   * Definite says.
   */
  isConstructHead(word: ConlluWord): boolean {
    const next = this.byId.get(word.id + 1);
    if (!next) return false;
    const first = relation(next) === 'det' && next.head !== null ? this.byId.get(next.head) : next;
    if (!first || first.head !== word.id || relation(first) !== 'nmod') return false;
    if ((first.feats.get('Case') ?? 'Gen') !== 'Gen') return false;
    return !(this.children.get(first.id) ?? []).some((k) => relation(k) === 'case');
  }

  /**
   * The case of a word's place by the rules above; its own Case counts when `ownCase` (not for the
   * word asked about).
   */
  private caseOf(word: ConlluWord, depth: number, ownCase = depth > 0): string | undefined {
    const own = word.feats.get('Case');
    if (own !== undefined && ownCase) return own;
    const kids = this.children.get(word.id) ?? [];
    if (kids.some((k) => relation(k) === 'case')) return 'Gen';
    const rel = relation(word);
    const head = word.head === null ? undefined : this.byId.get(word.head);
    if (rel === 'flat' || rel === 'conj' || rel === 'appos' || rel === 'amod')
      return head && depth < MAX_HEADS ? this.caseOf(head, depth + 1) : undefined;
    if (rel === 'nmod') return 'Gen';
    if (rel === 'nsubj') return head && this.hasInnaMark(head) ? 'Acc' : 'Nom';
    if (rel === 'obj') return 'Acc';
    if (rel === 'advmod' && head && head.id === word.id + 1 && GHAYR.test(word.lemma) && depth < MAX_HEADS) return this.caseOf(head, depth + 1, false);
    return undefined;
  }

  /** Whether a word has a `mark` dependent of the inna family (lemma ending in nūn with shadda). */
  private hasInnaMark(word: ConlluWord): boolean {
    return (this.children.get(word.id) ?? []).some((k) => relation(k) === 'mark' && /\u0646(?:\u0651[\u064B-\u0650]?|[\u064B-\u0650]\u0651)$/.test(k.lemma));
  }
}

/** A deprel without its subtype (`nsubj:pass` → `nsubj`). */
function relation(w: ConlluWord): string {
  const at = w.deprel.indexOf(':');
  return at < 0 ? w.deprel : w.deprel.slice(0, at);
}

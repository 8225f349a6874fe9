/**
 * The automatic label scheme (src/labels/scheme.ts) of a tag set nobody described: the lemma,
 * the main POS (the first tag), one element per further tag position (`tag2`, `tag3`, …) and
 * one per category of `Key=Value` tags (named by the key). When there are more categories than
 * element slots, the rarest are pooled into one element `other`.
 */
import { LABEL_ELEMENTS } from './elements.js';
import { assignSlots, SCHEME_KIND, type ElementRule, type LabelScheme } from './scheme.js';

/** Tag lists → the automatic scheme. `separator` joins tags in the analyses (default `+`). */
export function inferScheme(tagLists: Iterable<readonly string[]>, separator = '+'): LabelScheme {
  const positions = new Map<number, number>();
  const keys = new Map<string, number>();
  for (const tags of tagLists)
    tags.forEach((tag, k) => {
      const eq = tag.indexOf('=');
      if (eq > 0) keys.set(tag.slice(0, eq), (keys.get(tag.slice(0, eq)) ?? 0) + 1);
      else positions.set(k + 1, (positions.get(k + 1) ?? 0) + 1);
    });
  type Cat = { name: string; rule: ElementRule; n: number };
  const cats: Cat[] = [
    ...[...positions].sort((a, b) => a[0] - b[0]).map(([p, n]): Cat => ({ name: p === 1 ? 'pos' : `tag${p}`, rule: { kind: 'position', position: p }, n })),
    ...[...keys].map(([key, n]): Cat => ({ name: key, rule: { kind: 'key', key }, n })),
  ];
  // Unique names (a key may be called `pos` or `tag2`).
  const used = new Set<string>(['lemma', 'label']);
  for (const c of cats) {
    let name = c.name;
    for (let i = 2; used.has(name); i++) name = `${c.name}_${i}`;
    used.add(name);
    c.name = name;
  }
  const slots = LABEL_ELEMENTS.length - 1;
  let kept = cats;
  if (cats.length > slots) {
    // The main POS stays first; the most frequent others keep an element of their own.
    const [first, ...rest] = cats;
    const byFreq = [...rest].sort((a, b) => b.n - a.n);
    const own = new Set(byFreq.slice(0, slots - 2));
    const pooled = rest.filter((c) => !own.has(c));
    const other: Cat = {
      name: used.has('other') ? 'other_' : 'other',
      rule: {
        kind: 'other',
        positions: pooled.flatMap((c) => (c.rule.kind === 'position' ? [c.rule.position] : [])),
        keys: pooled.flatMap((c) => (c.rule.kind === 'key' ? [c.rule.key] : [])),
      },
      n: 0,
    };
    kept = [first, ...rest.filter((c) => own.has(c)), other];
  }
  const slotList = assignSlots(kept.map((c) => c.name));
  return {
    kind: SCHEME_KIND, name: 'auto', lemmaSeparator: '', separator,
    elements: kept.map((c, i) => ({ name: c.name, slot: slotList[i], rule: c.rule })),
  };
}

/**
 * What starts the word after each word of a ranked sentence, for the helping vowel a careful
 * writer adds before hamzat wasl (src/corpus/wasl.ts has the rule).
 */
import { startsWithWasl, type WaslContext } from '../corpus/wasl.js';
import type { RankedToken } from './types.js';

/** Per token of a ranked sentence, what starts the word after it (the next token's first-ranked analysis). */
export function waslContexts(sent: readonly RankedToken[]): WaslContext[] {
  return sent.map((_, i) => {
    const next = sent[i + 1];
    const top = next?.token.arabic ? next.ranked[0] : undefined;
    return top ? startsWithWasl(top.candidate, next.token.form) : null;
  });
}

/**
 * An output sink that keeps what is written in memory, with the state the writer left it in (the
 * streaming tests' stdout).
 */
import type { OutputSink } from '../../src/io/output-writer.js';

export function memorySink(): OutputSink & { text: string; state: string } {
  return {
    display: 'memory', bytesWritten: 0, text: '', state: 'open',
    async write(c: string) { this.text += c; },
    async commit() { this.state = 'committed'; },
    async abort() { this.state = 'aborted'; },
  };
}

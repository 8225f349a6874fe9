/**
 * One try of one file: the source's bytes appended to its part, watched for two failures that
 * never end on their own: a stall (no byte for `stallMs`) and a crawl (fewer than `minRate`
 * bytes a second over a window of `rateWindowMs`, counted from the first byte asked for and
 * window after window). Either gives the try up as a RetryableFetchError marked `slow`; what
 * arrived stays in the part, to be resumed.
 */
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataFetchError, OutputError } from '../errors.js';
import type { PartFile } from './part-file.js';
import { RetryableFetchError, type ByteSource } from './sources.js';

/** How slow a transfer may be before its try is given up. */
export interface Pace {
  /** Milliseconds without a byte. */
  stallMs: number;
  /** Bytes a second, averaged over each window; 0: no minimum. */
  minRate: number;
  /** Milliseconds of a window over which the rate is averaged. */
  rateWindowMs: number;
}

/** `n` bytes a second, for messages: `1 B/s`, `12.5 kB/s`. */
export function formatRate(n: number): string {
  return n < 1000 ? `${Math.round(n * 10) / 10} B/s` : `${Math.round(n / 100) / 10} kB/s`;
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/**
 * Watches a body: calls `stop(why)` when no byte arrives for `pace.stallMs`, or when a window
 * of `pace.rateWindowMs` brings fewer than `pace.minRate` bytes a second. `got(n)` counts bytes
 * as they arrive; `end()` stops the timers.
 */
function watch(pace: Pace, stop: (why: string) => void): { got(n: number): void; end(): void } {
  let stall: NodeJS.Timeout | undefined;
  let inWindow = 0;
  const restall = (): void => {
    clearTimeout(stall);
    stall = setTimeout(() => stop(`no data for ${seconds(pace.stallMs)}`), pace.stallMs);
  };
  const window = pace.minRate > 0
    ? setInterval(() => {
      const rate = inWindow / (pace.rateWindowMs / 1000);
      if (rate < pace.minRate) {
        stop(`too slow: ${inWindow} bytes in ${seconds(pace.rateWindowMs)} (${formatRate(rate)}), ` +
          `below the minimum of ${formatRate(pace.minRate)}`);
      }
      inWindow = 0;
    }, pace.rateWindowMs)
    : undefined;
  restall();
  return {
    got(n) {
      inWindow += n;
      restall();
    },
    end() {
      clearTimeout(stall);
      clearInterval(window);
    },
  };
}

/**
 * A stream writing into the part from byte `at` on. (The part's own `createWriteStream` would
 * hold its handle until closed, and the handle is still needed to hash the part.)
 */
function sinkAt(part: PartFile, at: number): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      const rest = async (from: number): Promise<void> => {
        while (from < chunk.length) {
          const { bytesWritten } = await part.fh.write(chunk, from, chunk.length - from, at);
          from += bytesWritten;
          at += bytesWritten;
        }
      };
      rest(0).then(() => done(), done);
    },
  });
}

/**
 * Writes the source's bytes from `have` on into `part` (from 0, the part emptied first, when
 * the source starts there) and returns the part's size when the source ends. `progress` gets
 * the part's size as bytes arrive, `started` the byte the source starts at (`have`, or 0 for a
 * source that cannot resume). A stall or a crawl (see {@link Pace}) is a RetryableFetchError
 * marked `slow`, a dropped connection or a read error a RetryableFetchError (what arrived stays
 * in the part); more bytes than the file's `bytes` is a DataFetchError (the part emptied); a
 * write that fails is an OutputError.
 */
export async function transfer(
  source: ByteSource,
  part: PartFile,
  have: number,
  bytes: number,
  pace: Pace,
  progress: (n: number) => void,
  started: (start: number) => void = () => undefined,
): Promise<number> {
  const { body, start } = await source.open(have);
  started(start);
  let size = start;
  let stopped: RetryableFetchError | undefined;
  const watcher = watch(pace, (why) => {
    stopped = new RetryableFetchError(`${why} from ${source.where}`, { slow: true });
    body.destroy(stopped);
  });
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      watcher.got(chunk.length);
      size += chunk.length;
      if (size > bytes)
        return done(new DataFetchError(`more than the ${bytes} bytes recorded from ${source.where}: not kept`));
      progress(size);
      done(null, chunk);
    },
  });
  try {
    if (start === 0) await part.fh.truncate(0);
    await pipeline(body, count, sinkAt(part, start));
    if (stopped) throw stopped; // the body ended as it was destroyed
  } catch (err) {
    if (stopped) throw stopped;
    if (err instanceof DataFetchError) {
      await part.fh.truncate(0); // more bytes than the file has: none of them is kept
      throw err;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'EROFS' || code === 'EDQUOT')
      throw new OutputError(`cannot write (${code})`, { file: part.path });
    const kept = await part.fh.stat().then((s) => s.size, () => size);
    throw new RetryableFetchError(`the transfer from ${source.where} broke at byte ${kept} (${(err as Error).message})`);
  } finally {
    watcher.end();
  }
  return size;
}

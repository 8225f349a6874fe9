/**
 * The system's Perl, run as a child process: its version, and one run of the BAMA 1.0 program
 * (`perl -w AraMorph.pl < in > out`) in a folder of the caller's. The child gets an environment
 * of PATH and `LC_ALL=C` only: `PERL_UNICODE`, `PERL5OPT` or `PERLIO` in the user's environment
 * would change how it reads its bytes (with `PERL_UNICODE=SDA` the program prints nothing).
 */
import { spawn, spawnSync } from 'node:child_process';
import { DataBuildError } from '../errors.js';

/** The environment a Perl child gets: the search path and the C locale, nothing else. */
function perlEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', LC_ALL: 'C' };
}

/**
 * The version of the Perl that `perl` names (a command on PATH or a path), as it prints `$^V`
 * (`v5.36.0`); undefined when it cannot be run. Takes the command; throws nothing.
 */
export function perlVersion(perl = 'perl'): string | undefined {
  const r = spawnSync(perl, ['-e', 'print $^V'], { env: perlEnv(), encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 && /^v\d/.test(r.stdout) ? r.stdout.trim() : undefined;
}

/** One run of a Perl script on bytes. */
export interface PerlRun {
  /** The Perl command (on PATH) or path. */
  perl: string;
  /** The script's path, run as `perl -w SCRIPT`. */
  script: string;
  /** The folder it runs in (AraMorph.pl reads its tables from there and writes `notFound` there). */
  cwd: string;
  /** Its standard input. */
  input: Uint8Array;
  /** Called with each line number the script reports on stderr as `reading input line N`. */
  onLine?: (line: number) => void;
}

/** The last `max` characters of `text`; when it is longer, from the first line start in them. */
const tail = (text: string, max = 600): string => (text.length <= max ? text : text.slice(-max).replace(/^[^\n]*\n/, ''));

/**
 * Runs `perl -w SCRIPT` in `cwd` on `input` and returns its standard output, whole. Throws
 * DataBuildError when Perl cannot be started, or when the script ends by a signal or with a
 * status other than 0 (the message ends with what it wrote on stderr).
 */
export function runPerl(run: PerlRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.perl, ['-w', run.script], { cwd: run.cwd, env: perlEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('latin1').on('data', (chunk: string) => {
      err = tail(err + chunk, 4096);
      const lines = [...chunk.matchAll(/reading input line (\d+)/g)];
      if (lines.length > 0) run.onLine?.(Number(lines[lines.length - 1][1]));
    });
    // A script that ends before reading all its input closes the pipe: its status says why.
    child.stdin.on('error', () => undefined);
    child.on('error', (e: NodeJS.ErrnoException) => {
      reject(new DataBuildError(`cannot run ${run.perl} (${e.code ?? e.message})`, { file: run.script }));
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const how = signal ? `was ended by ${signal}` : `exited with status ${code}`;
      const said = tail(err.replace(/\r/g, '\n')).trim();
      reject(new DataBuildError(`${run.perl} -w ${run.script} ${how}${said ? `: ${said.split('\n').join(' | ')}` : ''}`));
    });
    child.stdin.end(run.input);
  });
}

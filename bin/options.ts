/**
 * The options several commands share, declared once: each command adds the ones it has with
 * these functions, so that a name means one thing, with one default, in every command
 * (docs/cli.md). Old names stay as hidden aliases: `--analyzer` for `--tables`,
 * `--input-script` for `--script`, `--json`/`--jsonl` for `--format json|jsonl`.
 * test/bin/conventions.test.ts checks every command against {@link SHARED_OPTIONS}.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS } from '../src/analyzer/script.js';
import { UsageError } from '../src/errors.js';
import { TEXT_ENCODINGS } from '../src/io/files.js';
import { maxWorkers } from '../src/io/worker-stream.js';
import { DEFAULT_SEED } from '../src/random.js';
import { DEFAULT_TOP } from '../src/tagger/types.js';
import { dataPaths, defaultModel } from './data.js';
import { log } from './output.js';
import { PROGRESS_MODES } from './progress.js';

/**
 * The output formats a command may offer (each offers some): text for people, json, JSON lines, an
 * ATB analysis file.
 */
export const OUTPUT_FORMATS = ['text', 'json', 'jsonl', 'pos'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Every shared option: its flags, choices and default, as every command that has it declares it. */
export const SHARED_OPTIONS = {
  tables: { flags: '--tables <dir>', default: () => dataPaths.bama() },
  format: { flags: '--format <format>', choices: OUTPUT_FORMATS, default: () => 'text' },
  script: { flags: '--script <script>', choices: INPUT_SCRIPTS, default: () => DEFAULT_INPUT_SCRIPT },
  top: { flags: '--top <k>', default: () => String(DEFAULT_TOP) },
  encoding: { flags: '--encoding <encoding>', choices: TEXT_ENCODINGS, default: () => 'utf-8' },
  seed: { flags: '--seed <n>', default: () => String(DEFAULT_SEED) },
  quiet: { flags: '-q, --quiet', default: () => undefined },
  progress: { flags: '--progress <mode>', choices: PROGRESS_MODES, default: () => 'auto' },
} as const;

/**
 * Hidden old names: alias attribute → the option it stands for, and the value a flag without one
 * gives (an alias applies to the commands that declare it, hidden).
 */
const ALIASES: Record<string, { canonical: string; value?: string }> = {
  analyzer: { canonical: 'tables' },
  inputScript: { canonical: 'script' },
  json: { canonical: 'format', value: 'json' },
  jsonl: { canonical: 'format', value: 'jsonl' },
  jobs: { canonical: 'workers' },
  reference: { canonical: 'referenceFormat' },
  system: { canonical: 'systemFormat' },
};

/** `--tables DIR` (and the hidden `--analyzer DIR`): the analyzer's tables, by default BAMA 1.0 in the data folder. */
export function tablesOption(cmd: Command, what = 'the analyzer\'s tables'): Command {
  const d = SHARED_OPTIONS.tables;
  return cmd
    .addOption(new Option(d.flags, `${what}: a folder of the six table files (dictPrefixes, dictStems, dictSuffixes, tableAB, tableAC, tableBC); ` +
      'BAMA 1.0, or SAMA 3.1\'s tables to use SAMA').default(d.default(), `${d.default()}: BAMA 1.0 in the data folder (lexdis data --help)`))
    .addOption(new Option('--analyzer <dir>').hideHelp());
}

/**
 * `--format FORMAT` with the formats this command offers (of {@link OUTPUT_FORMATS}), default
 * text; `aliases` adds the old flags (`--json`, `--jsonl`) as hidden shorthands. A value that is
 * not a format but one of `misplaced` (the corpus formats of train, cv and eval) gets a hint.
 */
export function formatOption(cmd: Command, choices: readonly OutputFormat[], description: string, options: { aliases?: readonly ('json' | 'jsonl')[]; misplaced?: { values: readonly string[]; hint: string } } = {}): Command {
  const d = SHARED_OPTIONS.format;
  const o = new Option(d.flags, description).choices(choices).default(d.default());
  const misplaced = options.misplaced;
  if (misplaced) {
    o.argParser((value: string) => {
      if (misplaced.values.includes(value) && !(choices as readonly string[]).includes(value)) {
        throw new UsageError(`--format ${value}: --format is the output format (${choices.join(', ')}); ${misplaced.hint}`);
      }
      if (!(choices as readonly string[]).includes(value)) throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
      return value;
    });
  }
  cmd.addOption(o);
  for (const alias of options.aliases ?? []) cmd.addOption(new Option(`--${alias}`).hideHelp());
  return cmd;
}

/** `--script SCRIPT` (and the hidden `--input-script`): how the input text is read. */
export function scriptOption(cmd: Command): Command {
  const d = SHARED_OPTIONS.script;
  return cmd
    .addOption(new Option(d.flags, 'how the input is read: arabic (Arabic script; Latin words pass through untouched), ' +
      'buckwalter (the whole text is Buckwalter transliteration), auto (Buckwalter when the first lines have no Arabic letter)')
      .choices(d.choices).default(d.default()))
    .addOption(new Option('--input-script <script>').choices(d.choices).hideHelp());
}

/** `--seed N`: the seed of `what` (every random choice takes one). */
export function seedOption(cmd: Command, what: string): Command {
  const d = SHARED_OPTIONS.seed;
  return cmd.addOption(new Option(d.flags, `seed of ${what}`).default(d.default()));
}

/**
 * `-m, --model DIR` of the commands that rank with a model (tag, diacritize, serve): by default
 * the data folder's default model, which `lexdis setup` trains ({@link modelOf}).
 */
export function modelOption(cmd: Command): Command {
  return cmd.option('-m, --model <dir>', 'trained model (a directory, or a single model file); default: the data folder\'s ' +
    'models/lexdis, else models/pud, which lexdis setup trains');
}

/**
 * The model a command ranks with: `-m` as given, else the data folder's default model.
 * Throws DataNotFoundError, naming lexdis setup, when there is none.
 */
export function modelOf(flags: { model?: string }): string {
  return flags.model ?? defaultModel();
}

/** `-o, --output FILE` of a command that writes text (src/io/output-writer.ts). */
export function outputFileOption(cmd: Command): Command {
  return cmd.option('-o, --output <file>', 'write here instead of stdout: a file is replaced atomically at the end (keeping its mode), ' +
    'a link\'s target is written, a FIFO or device is written in place; "-" is stdout');
}

/** `--top K`: analyses shown per word, the HTTP API's default too. */
export function topOption(cmd: Command, description = 'analyses shown per word'): Command {
  const d = SHARED_OPTIONS.top;
  return cmd.addOption(new Option(d.flags, `${description}; the HTTP API's default too`).default(d.default()));
}

/**
 * `--workers N` of the streaming commands (analyze, tag, diacritize): worker threads, a number or
 * `auto`, the default; `note` says what stays on one thread. Not a shared option: `train` and
 * `serve` have their own `--workers`, with other defaults.
 */
export function streamWorkersOption(cmd: Command, note = ''): Command {
  return cmd.option('--workers <n>', 'worker threads: a number, or auto (the machine\'s cores when the input is large enough to pay for ' +
    'their start-up, else 1); the input is cut and the output written in the same order either way, so the output is the same' + note, 'auto');
}

/**
 * `--workers` as given: 'auto' or a whole number ≥ 1 (UsageError otherwise); a number above the
 * machine's cores, which the stream takes as that many (src/io/worker-stream.ts), is said on stderr.
 */
export function parseWorkers(value: string): number | 'auto' {
  if (value === 'auto') return 'auto';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--workers must be a whole number ≥ 1 or 'auto', got "${value}"`);
  const cores = maxWorkers();
  if (n > cores) log(`warning: --workers ${n} is more than the machine's ${cores} cores: ${cores} worker threads`);
  return n;
}

/** `--encoding ENC` of the input (output is always UTF-8). */
export function encodingOption(cmd: Command, what = 'input'): Command {
  const d = SHARED_OPTIONS.encoding;
  return cmd.addOption(new Option(d.flags, `encoding of the ${what} (output is always UTF-8)`).choices(d.choices).default(d.default()));
}

/**
 * `-q, --quiet` (nothing on stderr but errors and warnings: `silenced` says what else goes) and
 * `--progress MODE` (how long work shows progress; docs/cli.md).
 */
export function quietAndProgress(cmd: Command, silenced?: string): Command {
  const p = SHARED_OPTIONS.progress;
  return cmd
    .addOption(new Option(SHARED_OPTIONS.quiet.flags, `only errors and warnings on stderr: no progress${silenced ? `, ${silenced}` : ''}`))
    .addOption(new Option(p.flags, `progress of long work on stderr: auto (a bar on a terminal, else a line every 10 s), bar, lines, none ` +
      '(default: auto, none with -q)').choices(p.choices).default(p.default()));
}

/**
 * The old names given on a command line, moved onto the shared option they stand for (before
 * the command runs); the same option under both names with two values is a usage error.
 */
export function applyAliases(cmd: Command): void {
  for (const [alias, { canonical, value: fixed }] of Object.entries(ALIASES)) {
    if (cmd.getOptionValueSource(alias) !== 'cli') continue;
    const value = fixed ?? cmd.getOptionValue(alias);
    if (cmd.getOptionValueSource(canonical) === 'cli' && cmd.getOptionValue(canonical) !== value) {
      throw new UsageError(`--${kebab(alias)} is an old name of --${kebab(canonical)}${fixed ? ` ${fixed}` : ''}: give one of them`);
    }
    cmd.setOptionValueWithSource(canonical, value, 'cli');
  }
}

/** The progress mode a command's options ask for: --progress when given, none with -q, else auto. */
export function progressModeOf(cmd: Command): (typeof PROGRESS_MODES)[number] {
  const o = cmd.opts<{ quiet?: boolean; progress?: (typeof PROGRESS_MODES)[number] }>();
  if (cmd.getOptionValueSource('progress') === 'cli') return o.progress!;
  return o.quiet ? 'none' : o.progress ?? 'auto';
}

const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The analyzer options the `--no-backoff`, `--no-case-endings` and `--passives` flags set. */
export function analyzerFlags(flags: { backoff: boolean; caseEndings: boolean; passives?: boolean }): {
  backoff: boolean; caseEndings: boolean; passives: boolean;
} {
  return { backoff: flags.backoff, caseEndings: flags.caseEndings, passives: flags.passives === true };
}

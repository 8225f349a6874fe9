/**
 * The `lexdis` command line: argument parsing only. Each subcommand lives in
 * bin/commands/ and calls library code; errors from the library are printed here.
 */
import { Command, CommanderError, type Option, type ParseOptionsResult } from 'commander';
import { DataNotFoundError, InternalError, LexdisError, UsageError } from '../src/errors.js';
import { COMMANDS } from './commands/index.js';
import { dataPaths, missingDataHint, setDataOption } from './data.js';
import { applyAliases, progressModeOf } from './options.js';
import { configureProgress } from './progress.js';

/** Exit status of a usage error (bad options or arguments, `USAGE`); every other failure exits 1. */
export const EXIT_USAGE = 2;
/** Exit status of a run that failed for any reason but its usage. */
export const EXIT_FAILURE = 1;

/**
 * commander's Command with lexdis's conventions: an argument error is a UsageError (printed
 * as one line, `Error: … [USAGE]`, by {@link reportError}), not commander's lowercase
 * message and the whole help; an unknown option is reported as unknown even when a required
 * option is missing too; a number's default is shown as a number (`default: 3`, not `"3"`).
 */
class LexdisCommand extends Command {
  override createCommand(name?: string): LexdisCommand {
    return new LexdisCommand(name);
  }

  override addOption(option: Option): this {
    const value: unknown = option.defaultValue;
    if (option.defaultValueDescription === undefined && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
      option.defaultValueDescription = value;
    }
    return super.addOption(option);
  }

  /** The command as typed: `lexdis tag`. */
  path(): string {
    const names = [this.name()];
    for (let c = this.parent; c; c = c.parent) names.unshift(c.name());
    return names.join(' ');
  }

  override error(message: string): never {
    const text = message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ').trim();
    throw new UsageError(`${text} (see '${this.path()} --help')`);
  }

  override parseOptions(argv: string[]): ParseOptionsResult {
    const parsed = super.parseOptions(argv);
    // Help is handled (and asked for) after this: `lexdis tag --modle x --help` shows the help.
    if (parsed.unknown.includes('--help') || parsed.unknown.includes('-h')) return parsed;
    // commander checks required options before unknown ones; a leaf command reports the unknown option first.
    if (this.commands.length === 0 && parsed.unknown.length > 0 && parsed.unknown[0].startsWith('-')) {
      // commander's own message, with its "Did you mean" suggestion (a method its typings leave out).
      (this as unknown as { unknownOption(flag: string): never }).unknownOption(parsed.unknown[0]);
    }
    return parsed;
  }
}

/**
 * The program with the subcommand named in argv loaded, or every subcommand when none is
 * named (top-level help, `help CMD`, an unknown name).
 */
export async function buildProgram(argv: string[] = []): Promise<Command> {
  const program = new LexdisCommand('lexdis')
    .description('Arabic lexical disambiguation: rank morphological analyses in context (Shah et al. 2010)')
    .version('0.1.0')
    .option('--data <dir>', 'the data folder (default: $LEXDIS_DATA, else ~/.local/share/lexdis, else ../shared/data beside a checkout; see lexdis data --help)')
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .hook('preAction', (_program, command) => {
      applyAliases(command);
      useDataOption(program, command);
      configureProgress(progressModeOf(command), (command as LexdisCommand).path());
    });
  // The command's name: the first word that is neither an option nor the value of `--data DIR`.
  const named = argv.slice(2).find((a, i, args) => !a.startsWith('-') && args[i - 1] !== '--data');
  const names = named && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const name of names) (await COMMANDS[name]()).register(program);
  return program;
}

/**
 * Applies `--data` (an option of the program, accepted anywhere on the line) before a command
 * runs: the data folder, and with it the default of the command's `--tables`.
 */
function useDataOption(program: Command, command: Command): void {
  const dir = program.opts<{ data?: string }>().data;
  setDataOption(dir);
  if (dir === undefined) return;
  if (command.options.some((o) => o.attributeName() === 'tables') && command.getOptionValueSource('tables') === 'default') {
    command.setOptionValueWithSource('tables', dataPaths.bama(), 'default');
  }
}

/** The stdout whose closed pipe ends the run quietly (main may run more than once in a process: the tests). */
let watchedStdout: NodeJS.WriteStream | undefined;

/** Runs the command line `argv` (as process.argv); sets process.exitCode on an error. */
export async function main(argv: string[]): Promise<void> {
  // A closed pipe (`lexdis … | head`) ends the run quietly, whoever was writing.
  if (watchedStdout !== process.stdout) {
    watchedStdout = process.stdout;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err);
    // A `serve --workers` worker that failed to start: its channel to the primary would keep it
    // alive (Node 24 keeps it referenced), so the primary would never learn of the failure.
    if (process.connected) process.disconnect();
  }
}

/**
 * Prints an error the way users see it and returns the exit status: 0 after --help and
 * --version, {@link EXIT_USAGE} for a usage error (and the help commander prints for a missing
 * subcommand), {@link EXIT_FAILURE} for everything else.
 */
function reportError(err: unknown): number {
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT_USAGE;
  const e = err instanceof LexdisError ? err : new InternalError(err);
  process.stderr.write(`Error: ${e.describe()} [${e.code}]\n`);
  const hint = e instanceof DataNotFoundError ? missingDataHint(e.file) : undefined;
  if (hint) process.stderr.write(`${hint}\n`);
  const stack = e instanceof InternalError ? (e.cause as Error)?.stack : undefined;
  if (process.env.LEXDIS_DEBUG && stack) process.stderr.write(`${stack}\n`);
  return e instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
}

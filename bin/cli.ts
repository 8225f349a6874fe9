/**
 * The `lexdis` command line: argument parsing only. Each subcommand lives in
 * bin/commands/ and calls library code; errors from the library are printed here.
 */
import { Command, CommanderError } from 'commander';
import { LexdisError } from '../src/errors.js';
import { COMMANDS } from './commands/index.js';

/**
 * The program with the subcommand named in argv loaded, or every subcommand when none is
 * named (top-level help, `help CMD`, an unknown name).
 */
export async function buildProgram(argv: string[] = []): Promise<Command> {
  const program = new Command('lexdis')
    .description('Arabic lexical disambiguation: rank morphological analyses in context (Shah et al. 2010)')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  const named = argv.slice(2).find((a) => !a.startsWith('-'));
  const names = named && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const name of names) (await COMMANDS[name]()).register(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  // A closed pipe (`lexdis … | head`) ends the run quietly, whoever was writing.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err);
  }
}

/** Prints an error the way users see it and returns the exit status. */
export function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    // commander has already printed usage errors; --help and --version exit 0
    return err.exitCode;
  }
  if (err instanceof LexdisError) {
    process.stderr.write(`Error: ${err.describe()} [${err.code}]\n`);
    return 1;
  }
  const e = err as Error;
  process.stderr.write(`Error: internal: ${e?.message ?? String(err)}\n`);
  if (process.env.LEXDIS_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
  return 1;
}

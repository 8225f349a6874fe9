/**
 * The `lexdis` command line: argument parsing only. Each subcommand lives in
 * bin/commands/ and calls library code; errors from the library are printed here.
 */
import { Command, CommanderError } from 'commander';
import { LexdisError } from '../src/errors.js';
import { COMMANDS } from './commands/index.js';

export function buildProgram(): Command {
  const program = new Command('lexdis')
    .description('Arabic lexical disambiguation: rank morphological analyses in context (Shah et al. 2010)')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
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

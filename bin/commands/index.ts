import type { Command } from 'commander';

/** Each subcommand module exports a function that adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [];

import type { Command } from 'commander';
import { register as analyze } from './analyze.js';
import { register as importUd } from './import-ud.js';

/** Each subcommand module exports a function that adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [analyze, importUd];

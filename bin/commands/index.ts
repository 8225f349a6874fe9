import type { Command } from 'commander';
import { register as analyze } from './analyze.js';
import { register as importUd } from './import-ud.js';
import { register as evaluate } from './eval.js';
import { register as tag } from './tag.js';
import { register as train } from './train.js';

/** Each subcommand module exports a function that adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [analyze, importUd, train, tag, evaluate];

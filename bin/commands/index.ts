import type { Command } from 'commander';

/** Each subcommand module exports a function that adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * Subcommands by name, loaded on demand: a run imports only the module of the command it
 * runs (all of them for top-level help), so start-up stays short and one command's
 * dependencies cannot break another.
 */
export const COMMANDS: Record<string, () => Promise<{ register: RegisterCommand }>> = {
  // in the order `lexdis --help` lists them: setup, a reader's commands, then data, training and evaluation
  setup: () => import('./setup.js'),
  diacritize: () => import('./diacritize.js'),
  tag: () => import('./tag.js'),
  analyze: () => import('./analyze.js'),
  serve: () => import('./serve.js'),
  site: () => import('./site.js'),
  data: () => import('./data.js'),
  'import-ud': () => import('./import-ud.js'),
  'import-diac': () => import('./import-diac.js'),
  train: () => import('./train.js'),
  eval: () => import('./eval.js'),
  cv: () => import('./cv.js'),
  'eval-diac': () => import('./eval-diac.js'),
  'upgrade-model': () => import('./upgrade-model.js'),
};

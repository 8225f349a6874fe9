import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root: the nearest folder above this module with a package.json (the repository, or
 * node_modules/lexdis when installed).
 */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('lexdis: cannot find the project root');
    dir = up;
  }
  return dir;
}

/**
 * The modules a thread loads by URL (worker threads' modules; the renderer `lexdis analyze` names
 * to them), as paths under dist/. scripts/bundle.mjs makes each an entry of the command's bundle,
 * so that a process run from the bundle runs them from it too: one copy of every module a thread.
 */
export const URL_MODULES = [
  'src/tagger/stream-worker.js',
  'src/tagger/candidate-output.js',
  'training/stage1-worker.js',
  'training/cv-worker.js',
  'src/formats/pos/fast/pos-scan-worker.js',
] as const;
export type UrlModule = (typeof URL_MODULES)[number];

/** Defined (true) by scripts/bundle.mjs in the command's bundle; undeclared elsewhere. */
declare const LEXDIS_BUNDLE: boolean | undefined;
/** True in the command's bundle (dist/bundle/, scripts/bundle.mjs), false in tsc's modules. */
export const BUNDLED: boolean = typeof LEXDIS_BUNDLE !== 'undefined' && LEXDIS_BUNDLE;

/**
 * The URL of the module `rel` ({@link URL_MODULES}) as this process runs it: its entry in the
 * bundle (flat: dist/bundle/NAME.js) when run from it, else tsc's module (dist/REL). Resolved from
 * this module's URL, dist/src/config.js (scripts/bundle.mjs gives every bundled module its tsc URL).
 */
export function moduleUrl(rel: UrlModule): string {
  return new URL(BUNDLED ? `../bundle/${rel.slice(rel.lastIndexOf('/') + 1)}` : `../${rel}`, import.meta.url).href;
}

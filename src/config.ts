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

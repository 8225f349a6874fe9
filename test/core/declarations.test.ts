/**
 * The platform-neutral core's declarations name no Node type: a program that uses
 * src/core/index.ts type-checks with no @types/node, skipLibCheck off and the browser's lib
 * (DOM), every declaration file it reaches checked; a declaration naming Node's Buffer is
 * refused by the same check, so the check can fail.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../../src/config.js';

const PROGRAM = `
const model = Model.fromBytes(new Uint8Array(await (await fetch('model.lexdis')).arrayBuffer()));
const tagger = Tagger.fromModel(model);
const text: string = diacritizeText(tagger, 'كتبت الطالبة الدرس')[0].text;
console.log(text, tagger.tagText(text, { top: 2 })[0].tokens[0].analyses[0].vocalized);
export {};
`;

/**
 * Type-checks the program, with `extra` (a declaration of its own) beside it, importing Model,
 * Tagger and diacritizeText from the core; returns tsc's status and output.
 */
function typeCheck(extra = ''): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-core-types-'));
  try {
    const from = join(projectRoot(), 'dist', 'src', 'core', 'index.js');
    writeFileSync(join(dir, 'main.ts'), `import { Model, Tagger, diacritizeText } from '${from}';\n${extra}\n${PROGRAM}`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'],
        types: [], strict: true, skipLibCheck: false, noEmit: true,
      },
      files: ['main.ts'],
    }));
    const tsc = join(projectRoot(), 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a program using the core type-checks with no @types/node and skipLibCheck off', () => {
  const core = typeCheck();
  assert.equal(core.status, 0, core.out);
});

test('a declaration naming Node\'s Buffer does not (the check can fail)', () => {
  const leak = typeCheck('export declare function read(): Buffer;');
  assert.notEqual(leak.status, 0);
  assert.match(leak.out, /Cannot find name 'Buffer'/);
});

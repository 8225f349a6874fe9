/**
 * The layout the README draws is the one the code has: every source file lies in a folder of the
 * README's layout table, every import points to its own folder or one lower in the table (so
 * inference never imports training/, and text and tables never import what is built on them),
 * every arrow of the README's picture is an import the code has, and every import the code has
 * is drawn, directly or through other arrows. The entry points (the package's exports) re-export
 * from any folder and are left out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { projectRoot } from '../src/config.js';

const ROOT = projectRoot();
const SOURCE_TOPS = ['src', 'features', 'training', 'bin'];

/** The README's "### Layout" section. */
function layoutSection(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### Layout');
  assert.ok(start >= 0, 'README.md has a "### Layout" section');
  const end = readme.indexOf('\n## ', start);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The table's folders, top row first; `src/` (files) is the name ROOT_FILES. */
const ROOT_FILES = 'src (files)';
function tableFolders(section: string): string[] {
  return [...section.matchAll(/^\| `([^`]+)`( \(files\))? \|/gm)].map((m) => (m[2] ? ROOT_FILES : m[1].replace(/\/$/, '')));
}

/** The picture's arrows as [importer, imported] folder pairs. */
function pictureArrows(section: string): Array<[string, string]> {
  const block = /```mermaid\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the layout section has a mermaid picture');
  const labels = new Map<string, string>();
  const node = (s: string): string => {
    const m = /^(\w+)(?:\[([^\]]+)\])?$/.exec(s.trim());
    assert.ok(m, `a node of the picture: ${s}`);
    if (m[2]) labels.set(m[1], m[2]);
    return m[1];
  };
  const ids = [...block[1].matchAll(/^\s*(\S+)\s*-->\s*(\S+)\s*$/gm)].map((m) => [node(m[1]), node(m[2])] as [string, string]);
  return ids.map(([a, b]) => [labels.get(a) ?? a, labels.get(b) ?? b]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A static import or re-export, a side-effect import, or a dynamic import: its module specifier. */
const IMPORT = /^(?:import|export)\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;
function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The package's entry points as source paths (dist/src/index.d.ts → src/index.ts). */
function entryPoints(): Set<string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string } | string> };
  return new Set(Object.values(pkg.exports).flatMap((e) => (typeof e === 'object' && e.types ? [e.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')] : [])));
}

/** The folder of the table a file lies in (the longest that holds it), or undefined. */
function folderOf(file: string, folders: readonly string[]): string | undefined {
  if (/^src\/[^/]+\.ts$/.test(file)) return ROOT_FILES;
  return folders.filter((f) => f !== ROOT_FILES && file.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
}

/** Every import of the sources between two folders of the table: 'from→to' → one file that does it. */
function folderImports(folders: readonly string[]): Map<string, string> {
  const entries = entryPoints();
  const edges = new Map<string, string>();
  for (const file of SOURCE_TOPS.flatMap(sourceFiles)) {
    const from = folderOf(file, folders);
    assert.ok(from, `${file} lies in a folder of the README's layout table`);
    if (entries.has(file)) continue;
    for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.js$/, '.ts');
      const to = folderOf(target, folders);
      assert.ok(to, `${file} imports ${target}, which lies in no folder of the layout table`);
      if (to !== from && !edges.has(`${from}→${to}`)) edges.set(`${from}→${to}`, `${file} imports ${target}`);
    }
  }
  return edges;
}

test("every import points to a folder lower in the README's layout table", () => {
  const folders = tableFolders(layoutSection());
  assert.ok(folders.includes('bin') && folders.includes('training') && folders.includes(ROOT_FILES), 'the table lists the folders');
  for (const [edge, example] of folderImports(folders)) {
    const [from, to] = edge.split('→');
    assert.ok(folders.indexOf(to) > folders.indexOf(from), `${from} may not import ${to}, above it in the layout table: ${example}`);
  }
});

test("the README's picture draws the imports the code has, and only those", () => {
  const section = layoutSection();
  const folders = tableFolders(section);
  const arrows = pictureArrows(section);
  const code = folderImports(folders);
  for (const [a, b] of arrows) assert.ok(code.has(`${a}→${b}`), `the picture's arrow ${a} --> ${b} is an import the code has`);
  const reachable = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    for (let x = todo.pop(); x !== undefined; x = todo.pop())
      for (const [a, b] of arrows) if (a === x && !seen.has(b)) { seen.add(b); todo.push(b); }
    return seen;
  };
  for (const [edge, example] of code) {
    const [from, to] = edge.split('→');
    if (to === ROOT_FILES) continue;
    assert.ok(reachable(from).has(to), `the picture leads from ${from} to ${to} (${example})`);
  }
  const drawn = new Set(arrows.flat());
  for (const f of folders) if (f !== ROOT_FILES) assert.ok(drawn.has(f), `the picture shows ${f}`);
});

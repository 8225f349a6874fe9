/**
 * `lexdis site`: a static site that runs the reading page with the tagger in the reader's browser.
 * The page's files (src/service/public, with the in-browser backend and the service worker), the
 * browser's two bundles (dist/browser/), the model (its chunks deflated, the analyzer's tables in
 * it compiled), the fonts, the licences' texts, and site.json: what the page shows of the model and
 * what the site carries. Any static file server serves it. Written into a temporary folder beside
 * the target and renamed into place: a folder that is not a site lexdis wrote is never replaced.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { projectRoot } from '../config.js';
import { DataNotFoundError, OutputError, UsageError } from '../errors.js';
import { assertParentFolder } from '../io/files.js';
import { tempPathFor } from '../io/output-temp.js';
import { onProcessEnd } from '../io/process-end.js';
import { Model } from '../model/model.js';
import { MODEL_FILE } from '../model/store-format.js';
import { readModelBytes } from '../model/store.js';
import { FONT_FILES, fontPath, pageFiles, publicDir } from '../service/assets.js';
import { publicModelInfo } from '../service/model-info.js';
import { Tagger } from '../tagger/tagger.js';
import { type Carried, siteCarries } from './carries.js';

/** What {@link writeSite} takes. */
export interface SiteOptions {
  /** The model: its folder or its model.lexdis, with the analyzer's tables compiled in it (lexdis train's way). */
  model: string;
  /** The folder to write: new, empty, or a site lexdis wrote before (replaced whole). */
  out: string;
  /** The data folder: BAMA 1.0's tables (to check the model's are theirs) and the licences' texts. */
  dataDir: string;
  /** The licence of the model's corpora when lexdis does not know them (the default models' it knows). */
  corpusLicence?: string;
}

/** What {@link writeSite} wrote. */
export interface SiteReport {
  dir: string;
  /** Every file, by its path in the site, with its bytes. */
  files: Array<{ name: string; bytes: number }>;
  /** A hash of the site's content: the service worker's cache is named by it. */
  version: string;
  carries: Carried[];
}

/** The name of the site's own record, and its kind. */
export const SITE_FILE = 'site.json';
const SITE_KIND = 'lexdis-site';
/** The line of sw.js that `writeSite` fills in with the site's version and files. */
const SW_SITE_LINE = "const SITE = { version: '', files: [] };";
/** The browser's bundles, made by scripts/bundle.mjs. */
const BROWSER_BUNDLES = ['lexdis-browser.js', 'lexdis-worker.js'];

/** Refuses a target whose folder is missing, or that exists and is not an empty folder or a site lexdis wrote. */
function checkTarget(out: string): void {
  assertParentFolder(out);
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new OutputError('the site\'s folder is a file: give a new or empty folder', { file: out });
  if (readdirSync(out).length === 0) return;
  let kind: unknown;
  try {
    kind = (JSON.parse(readFileSync(join(out, SITE_FILE), 'utf8')) as { kind?: unknown }).kind;
  } catch {
    kind = undefined;
  }
  if (kind !== SITE_KIND) throw new OutputError(`the folder is not empty and not a site lexdis wrote (no ${SITE_FILE}): give a new or empty folder`, { file: out });
}

/** The model's bytes, read whole, and the model they make (which must carry its compiled tables). */
async function readModel(path: string): Promise<{ bytes: Uint8Array; model: ReturnType<typeof Model.fromBytes> }> {
  const bytes = await readModelBytes(path);
  const model = Model.fromBytes(bytes, { name: path });
  if (!model.analyzerTables) {
    throw new UsageError(`${path}: the model carries no compiled analyzer tables, which the browser needs: train it again (lexdis train saves them)`);
  }
  return { bytes, model };
}

/** A file the site copies: its bytes, or DataNotFoundError naming it (with `missing` as the message). */
function readData(file: string, missing = 'a file the site copies is missing'): Uint8Array {
  try {
    return readFileSync(file);
  } catch {
    throw new DataNotFoundError(missing, { file });
  }
}

/** The site's files other than sw.js and site.json: path in the site → bytes. */
function contentFiles(modelBytes: Uint8Array, carries: ReturnType<typeof siteCarries>): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const f of pageFiles('site')) if (f.file !== 'sw.js') files.set(f.name || 'index.html', readData(join(publicDir(), f.file)));
  for (const b of BROWSER_BUNDLES) {
    files.set(b, readData(join(projectRoot(), 'dist', 'browser', b), 'the browser bundle is missing: npm run build makes it'));
  }
  for (const font of FONT_FILES) files.set(`fonts/${font}`, readData(fontPath(font)));
  for (const c of carries) if (c.licenceFile && c.licenceFrom) files.set(c.licenceFile, readData(c.licenceFrom));
  files.set(MODEL_FILE, modelBytes);
  return files;
}

/** Moves the written folder `tmp` to `out`, replacing the site there (which checkTarget let through). */
function swapIn(tmp: string, out: string): void {
  if (!existsSync(out)) return renameSync(tmp, out);
  const old = tempPathFor(out);
  renameSync(out, old);
  renameSync(tmp, out);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Writes the static site of a model into `options.out`. Resolves with what it wrote. Rejects with
 * DataNotFoundError for a missing model, bundle or data file, ModelFormatError for a damaged
 * model, UsageError for a model that cannot be published (no compiled tables, tables not BAMA 1.0's,
 * a corpus of unknown licence), OutputError for a target that is not a site's folder or cannot be
 * written. On error nothing is left: the target is as it was.
 */
export async function writeSite(options: SiteOptions): Promise<SiteReport> {
  const out = resolve(options.out);
  checkTarget(out);
  const { bytes, model } = await readModel(options.model);
  const info = publicModelInfo(Tagger.fromModel(model).modelInfo());
  delete info.loadMs;
  const withText = siteCarries(info, model.analyzerTables!.json.fingerprint, options.dataDir, options.corpusLicence);
  const carries: Carried[] = withText.map((c) => ({
    name: c.name, licence: c.licence, licenceFile: c.licenceFile, source: c.source,
  }));
  const files = contentFiles(bytes, withText);
  const hash = createHash('sha256').update(JSON.stringify(carries));
  for (const [name, data] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${name}\0${data.byteLength}\0`).update(data);
  const version = hash.digest('hex').slice(0, 16);
  const site = { kind: SITE_KIND, version, model: { file: MODEL_FILE, bytes: bytes.byteLength, info }, carries };
  files.set(SITE_FILE, new TextEncoder().encode(`${JSON.stringify(site, null, 2)}\n`));
  const sw = readFileSync(join(publicDir(), 'sw.js'), 'utf8');
  if (!sw.includes(SW_SITE_LINE)) throw new DataNotFoundError(`sw.js no longer holds the line ${SW_SITE_LINE}`, { file: join(publicDir(), 'sw.js') });
  files.set('sw.js', new TextEncoder().encode(sw.replace(SW_SITE_LINE, `const SITE = ${JSON.stringify({ version, files: [...files.keys()] })};`)));
  const tmp = tempPathFor(out);
  const forget = onProcessEnd(() => rmSync(tmp, { recursive: true, force: true }));
  try {
    for (const [name, data] of files) {
      mkdirSync(dirname(join(tmp, name)), { recursive: true });
      writeFileSync(join(tmp, name), data);
    }
    swapIn(tmp, out);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw new OutputError(`cannot write the site (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { file: out });
  } finally {
    forget();
  }
  return { dir: out, files: [...files].map(([name, data]) => ({ name, bytes: data.byteLength })), version, carries };
}

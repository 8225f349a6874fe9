/**
 * The reading page: a fixed set of files (HTML, CSS, JS modules from src/service/public, and the
 * Noto Naskh Arabic WOFF2 fonts from the @fontsource package in node_modules), read into
 * memory once when the server is built and served with strong ETags. No file outside
 * this set is reachable, and the page's Content-Security-Policy allows only this origin.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { projectRoot } from '../config.js';
import { DataNotFoundError } from '../errors.js';
import { HttpError } from './errors.js';
import { assetSchema, fontSchema } from './schemas.js';

export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

/** Folder of the page's own files. */
export function publicDir(): string {
  return join(projectRoot(), 'src', 'service', 'public');
}

/** Font files the page's style sheet names (Arabic subset, regular and bold). */
export const FONT_FILES = [
  'noto-naskh-arabic-arabic-400-normal.woff2',
  'noto-naskh-arabic-arabic-700-normal.woff2',
] as const;

/** Where a file of the page is used: by `lexdis serve` and `lexdis site`, or by one of them. */
export type PageUse = 'both' | 'serve' | 'site';

/** One file of the page: its name on the page (`''`: the page itself), its file in {@link publicDir}, its type. */
export interface PageFile { readonly name: string; readonly file: string; readonly type: string; readonly use: PageUse }

const JS = 'text/javascript; charset=utf-8';
/**
 * The page's own files. `backend.js` is where the analyses come from: the service's API
 * (`lexdis serve`), or the tagger in the browser with the service worker that keeps the site
 * offline (`lexdis site`, src/site/).
 */
export const PAGE_FILES: readonly PageFile[] = [
  { name: '', file: 'index.html', type: 'text/html; charset=utf-8', use: 'both' },
  { name: 'app.js', file: 'app.js', type: JS, use: 'both' },
  { name: 'text.js', file: 'text.js', type: JS, use: 'both' },
  { name: 'panel.js', file: 'panel.js', type: JS, use: 'both' },
  { name: 'style.css', file: 'style.css', type: 'text/css; charset=utf-8', use: 'both' },
  { name: 'backend.js', file: 'backend-service.js', type: JS, use: 'serve' },
  { name: 'backend.js', file: 'backend-browser.js', type: JS, use: 'site' },
  { name: 'sw.js', file: 'sw.js', type: JS, use: 'site' },
];

/** The page's files that `use` (serve or site) takes. */
export function pageFiles(use: Exclude<PageUse, 'both'>): PageFile[] {
  return PAGE_FILES.filter((f) => f.use === 'both' || f.use === use);
}

/** The policy sent with the page: everything from this origin only, nothing inline. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'",
  "img-src 'self' data:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function load(file: string, type: string, cacheControl: string): Asset {
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    throw new DataNotFoundError('page asset missing', { file });
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, type, etag, cacheControl };
}

/** Where the installed @fontsource package keeps a font file. */
export function fontPath(file: string): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@fontsource/noto-naskh-arabic/files/${file}`);
}

function send(asset: Asset, request: FastifyRequest, reply: FastifyReply) {
  reply.header('etag', asset.etag).header('cache-control', asset.cacheControl);
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  return reply.type(asset.type).send(asset.body);
}

/** Registers GET of each of the page's files `lexdis serve` takes and /fonts/:file. */
export function registerAssets(app: FastifyInstance): void {
  const fonts = new Map<string, Asset>();
  for (const file of FONT_FILES) {
    fonts.set(file, load(fontPath(file), 'font/woff2', 'public, max-age=86400'));
  }
  for (const { name, file, type } of pageFiles('serve')) {
    const route = `/${name}`;
    const asset = load(join(publicDir(), file), type, 'no-cache');
    app.get(route, { schema: assetSchema }, (request, reply) => {
      if (route === '/') reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      return send(asset, request, reply);
    });
  }
  app.get<{ Params: { file: string } }>('/fonts/:file', { schema: fontSchema }, (request, reply) => {
    const asset = fonts.get(request.params.file);
    if (!asset) throw new HttpError(404, 'NOT_FOUND', `no font ${request.params.file}`);
    return send(asset, request, reply);
  });
}

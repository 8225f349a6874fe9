/**
 * lexdis/service: the HTTP service and reading page (fastify) around a loaded Tagger. Kept
 * apart from the package root so that an inference program does not load fastify.
 *
 * @example
 * import { Tagger } from 'lexdis';
 * import { startServer } from 'lexdis/service';
 * const tagger = await Tagger.load('models/pud', { tables: 'data/bama-1.0' });
 * const { url } = await startServer(tagger, { host: '127.0.0.1', port: 8080 });
 */
export { buildServer, startServer, shutdownOnSignals, type ListenOptions } from './server.js';
export { defaultServiceOptions, resolveOptions, type ServiceOptions } from './options.js';
export type { TaggerLike } from './types.js';
export { superviseWorkers, isClusterWorker } from './cluster.js';

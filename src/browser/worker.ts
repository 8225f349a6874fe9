/**
 * The Web Worker of `lexdis/browser`: loaded as a module worker, it serves the page's
 * BrowserTagger (./index.ts) on its own global scope. The package also ships it bundled whole
 * (dist/browser/lexdis-worker.js), which BrowserTagger starts by default.
 */
import type { Port } from './protocol.js';
import { serveTagger } from './serve.js';

serveTagger(globalThis as unknown as Port);

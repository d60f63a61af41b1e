import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * `translation.json?whole`: a catalogue as a module of its own. The first screen imports a few
 * groups of the English catalogue by name (the rest is tree-shaken away); the whole catalogue is
 * then a separate chunk that pages wait for (src/web/lib/i18n.ts). The same file without the query
 * would be one module, and all of it would land in the first screen's JavaScript.
 */
export function wholeCatalogue(): Plugin {
  return {
    name: 'quizhub-whole-catalogue',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.json?whole')) return null;
      const json = readFileSync(id.slice(0, -'?whole'.length), 'utf8');
      // A string parsed once is cheaper to start than an object literal this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(json)))});`;
    },
  };
}

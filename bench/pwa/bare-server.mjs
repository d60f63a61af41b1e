// The baseline of the start-up figures: bench/pwa/bare/ (React 19, one component) built with Vite
// into a temp dir and served by a small static server in this process.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Builds the bare page and serves it on a free port; `stop()` closes the server and removes the build. */
export async function startBarePage() {
  const outDir = mkdtempSync(join(tmpdir(), 'pwa-bare-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true })); // also on Ctrl-C
  await build({
    // No vite.config.ts of the app: only React's plugin, the app's JS target, nothing else.
    configFile: false,
    root: new URL('./bare/', import.meta.url).pathname,
    // Errors only: the build's warnings (plugin timings on a busy machine) are not the bench's.
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) return void res.writeHead(403).end();
    let body;
    try {
      body = await readFile(file);
    } catch {
      return void res.writeHead(404).end();
    }
    // Revalidated on every load as the brief asks (no-cache), with an ETag so a warm load gets
    // 304s: what the HTTP cache alone gives a page without a service worker.
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
    };
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
    res.writeHead(200, { ...headers, 'content-length': body.length }).end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    outDir,
    async stop() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

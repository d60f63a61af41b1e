#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, port 8080) and Vite's dev server (5173) with
// a proxy to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { PORT: '8080', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));

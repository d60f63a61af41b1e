// Runs the room operations' worker from the sources (tsx), as the server itself runs in
// development and tests; the built server starts build/room-ops-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./room-ops-worker.ts');

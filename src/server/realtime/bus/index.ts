import type { RoomBus } from './bus';
import { MemoryBus } from './memory-bus';
import { openRedisBus } from './redis-bus';

export { BusClosedError, type RoomBus } from './bus';

/**
 * Opens the room bus: Redis when `redisUrl` is set (several nodes), in-process otherwise.
 * `onError` hears handler exceptions and connection trouble (default: console.error).
 */
export async function openBus(o: { redisUrl?: string; onError?: (e: unknown) => void }): Promise<RoomBus> {
  const onError = o.onError ?? ((e: unknown) => console.error('room bus:', e));
  if (!o.redisUrl) return new MemoryBus(onError);
  return openRedisBus({ url: o.redisUrl, onError });
}

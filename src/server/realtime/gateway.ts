import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '../../core/contract';
import { userForToken } from '../auth/api-tokens';
import type { Services } from '../http/context';
import { MessageBudget, SocketsPerIp } from './socket-limits';
import { answerKey, trace, tracing, traceNow } from './trace';
import type { UserMessages } from './user-feed';

/** Largest frame a client may send (every client message is small). */
const MAX_FRAME_BYTES = 4096;
/** A socket must say hello (authenticate) within this time. */
const HELLO_TIMEOUT_MS = 10_000;
/**
 * The server pings every socket this often; one that has not answered by the next beat is
 * terminated (a dead peer goes within one to two beats).
 */
const HEARTBEAT_MS = 25_000;

/** Close codes of ours (4000–4999 are for applications), and the standard one for a limit. */
export const CLOSE = { unauthorized: 4401, helloTimeout: 4408, badMessage: 4400, policy: 1008 } as const;
/** How long a socket refused for its address's count is told to wait. */
const SOCKETS_RETRY_AFTER_S = 30;

/** Sends a message to one socket: a message, or one already serialized (fanned out from the bus). */
export type Send = (m: ServerMessage | string) => void;

/** What the gateway does with an authenticated client's room messages (rooms plug in here). */
export interface RoomMessages {
  handle(userId: number, msg: Extract<ClientMessage, { type: 'join' | 'answer' | 'leave' }>, send: Send): void;
  /** The socket (known by its `send`) closed. */
  disconnected?(userId: number, send: Send): void;
}

function sendTo(socket: WebSocket, m: ServerMessage | string) {
  if (socket.readyState === socket.OPEN) socket.send(typeof m === 'string' ? m : JSON.stringify(m));
}

/**
 * The WebSocket gateway at `/ws`: the first message authenticates with the api_token (a
 * browser cannot set headers on a WebSocket, and a token in the URL would end up in logs);
 * `ping` answers the server's clock for countdowns; room messages go to `rooms`.
 */
/** What the gateway does with contest messages (live leaderboards plug in here). */
export interface ContestMessages {
  handle(userId: number, msg: Extract<ClientMessage, { type: 'watch_contest' | 'unwatch_contest' }>, send: Send): void;
  disconnected?(send: Send): void;
}

export async function registerGateway(
  app: FastifyInstance,
  services: Services,
  rooms?: RoomMessages,
  contests?: ContestMessages,
  users?: UserMessages,
) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  const beat = setInterval(() => {
    for (const s of sockets) {
      if (alive.get(s) === false) {
        s.terminate();
        continue;
      }
      alive.set(s, false);
      s.ping();
    }
  }, HEARTBEAT_MS);
  beat.unref();
  app.addHook('onClose', async () => {
    clearInterval(beat);
    for (const s of sockets) s.close(1001, 'server shutting down');
  });

  const perIp = new SocketsPerIp(services.config.WS_MAX_SOCKETS_PER_IP);

  app.get('/ws', { websocket: true }, (socket, req) => {
    const send: Send = (m) => sendTo(socket, m);
    /** Tells the client which limit it hit, then closes: nothing more is read from it. */
    const refuse = (reason: 'sockets_per_ip' | 'message_budget', retryAfterS: number) => {
      send({ type: 'rate_limited', reason, retry_after_s: retryAfterS });
      socket.close(CLOSE.policy, reason);
    };
    if (!perIp.tryOpen(req.ip)) {
      refuse('sockets_per_ip', SOCKETS_RETRY_AFTER_S);
      return;
    }
    sockets.add(socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    let userId: number | undefined;
    const hello = setTimeout(() => socket.close(CLOSE.helloTimeout, 'say hello first'), HELLO_TIMEOUT_MS);
    const budget = new MessageBudget(services.config.WS_MESSAGES_PER_10S, 10_000);
    let refused = false;
    let closed = false;
    let watchingAccount = false;

    socket.on('message', (raw, isBinary) => {
      const receivedAt = tracing ? traceNow() : 0;
      if (refused) return;
      if (!budget.spend()) {
        refused = true;
        refuse('message_budget', budget.retryAfterS());
        return;
      }
      let data: unknown;
      try {
        data = isBinary ? undefined : JSON.parse(raw.toString());
      } catch {
        data = undefined;
      }
      const parsed = clientMessageSchema.safeParse(data);
      if (!parsed.success) {
        send({ type: 'error', code: 'invalid_input', message: 'Unreadable message.' });
        return;
      }
      const msg = parsed.data;
      if (msg.type === 'ping') {
        send({ type: 'pong', t: msg.t, server_time: services.clock.now().toISOString() });
        return;
      }
      if (msg.type === 'hello') {
        void userForToken(services.db, msg.token, services.config.TOKEN_TTL_DAYS).then(
          (user) => {
            if (!user || user.status !== 1) {
              socket.close(CLOSE.unauthorized, 'unauthorized');
              return;
            }
            clearTimeout(hello);
            // A socket stays its first user's (its account feed is that user's).
            if (userId !== undefined && userId !== user.id) return;
            userId = user.id;
            send({ type: 'welcome', user_id: user.id, server_time: services.clock.now().toISOString() });
          },
          (e: unknown) => {
            app.log.error({ err: e }, 'websocket hello failed');
            socket.close(1011, 'internal error');
          },
        );
        return;
      }
      if (userId === undefined) {
        send({ type: 'error', code: 'unauthorized', message: 'Please login first.' });
        return;
      }
      if (msg.type === 'watch_account') {
        if (!closed && !watchingAccount) users?.connected(userId, send);
        watchingAccount = true;
        return;
      }
      if (msg.type === 'watch_contest' || msg.type === 'unwatch_contest') {
        if (contests) contests.handle(userId, msg, send);
        else send({ type: 'error', code: 'not_found', message: 'No such contest.' });
        return;
      }
      if (!rooms) {
        send({ type: 'error', code: 'not_found', message: 'No such room.' });
        return;
      }
      if (tracing && msg.type === 'answer') trace('recv', answerKey(msg.room_id, msg.round, userId), receivedAt);
      rooms.handle(userId, msg, send);
    });

    socket.on('close', () => {
      closed = true;
      clearTimeout(hello);
      perIp.closed(req.ip);
      sockets.delete(socket);
      if (userId !== undefined) rooms?.disconnected?.(userId, send);
      if (userId !== undefined && watchingAccount) users?.disconnected(userId, send);
      contests?.disconnected?.(send);
    });
  });
}

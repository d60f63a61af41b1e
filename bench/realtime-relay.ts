// The bare baseline of `npm run bench:realtime`: a minimal `ws` server that speaks the same
// frames as the real gateway for the measured path, with no authentication, validation,
// database or bus. `hello` → `welcome` (a fresh user id), `join` → `room` (the socket enters
// the room), `answer` → `answered` to every socket in the room (the real server also echoes
// to the sender). Run as its own process on PORT; prints "ready" on stdout once listening.
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const rooms = new Map<string, Set<WebSocket>>();
let nextUser = 1;

const wss = new WebSocketServer({ port, host: '127.0.0.1', maxPayload: 4096 });
wss.on('connection', (socket) => {
  let userId = 0;
  const joined = new Set<string>();
  socket.on('message', (raw) => {
    let m: { type?: string; room_id?: string; round?: number };
    try {
      m = JSON.parse(raw.toString()) as typeof m;
    } catch {
      return;
    }
    if (m.type === 'hello') {
      userId = nextUser++;
      socket.send(JSON.stringify({ type: 'welcome', user_id: userId, server_time: new Date().toISOString() }));
    } else if (m.type === 'join' && typeof m.room_id === 'string') {
      let members = rooms.get(m.room_id);
      if (!members) rooms.set(m.room_id, (members = new Set()));
      members.add(socket);
      joined.add(m.room_id);
      socket.send(JSON.stringify({ type: 'room', room: { room_id: m.room_id } }));
    } else if (m.type === 'answer' && typeof m.room_id === 'string' && userId) {
      const out = JSON.stringify({ type: 'answered', room_id: m.room_id, round: m.round, user_id: userId });
      for (const s of rooms.get(m.room_id) ?? []) if (s.readyState === s.OPEN) s.send(out);
    }
  });
  socket.on('close', () => {
    for (const id of joined) rooms.get(id)?.delete(socket);
  });
});
wss.on('listening', () => console.log('ready'));
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  wss.close(() => process.exit(0));
});

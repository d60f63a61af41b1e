import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql, type Db } from '../db/client';
import { notifications, outbox as outboxTable, rooms as roomsTable } from '../db/schema';

/** Where the figures come from: the database (all nodes) and this node's own state. */
export interface MetricSources {
  db: Db;
  log: FastifyBaseLogger;
  /** WebSocket connections open on this node. */
  openSockets(): number;
}

/** What the database says, read once per scrape for all the gauges that show it. */
interface DbFigures {
  rooms: { kind: string; status: string; n: number }[];
  roundsDue: number;
  pushQueue: number;
  outbox: number;
}

/**
 * The server's Prometheus metrics, in a registry of its own (several apps in one process, as in
 * the tests, must not share figures): HTTP requests and latency, open sockets, live rooms,
 * queues, and the process's default metrics.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  /** The database's figures of the scrape under way, read once for all the gauges that show them. */
  private figures: Promise<DbFigures | null> | null = null;

  constructor(private readonly sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route (the pattern, or the /api action) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its reply, in seconds.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'quiz_websocket_connections',
      help: 'WebSocket connections open on this node.',
      registers,
      collect() {
        this.set(sources.openSockets());
      },
    });
    const figures = () => this.dbFigures();
    new Gauge({
      name: 'quiz_database_up',
      help: '1 when the database answered the figures of this scrape, else 0 (the database gauges are then NaN or absent).',
      registers,
      async collect() {
        this.set((await figures()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'quiz_battle_rooms',
      help: 'Battle rooms waiting for players or playing, by kind and status (all nodes: from the database).',
      labelNames: ['kind', 'status'],
      registers,
      async collect() {
        const f = await figures();
        this.reset();
        for (const r of f?.rooms ?? []) this.set({ kind: r.kind, status: r.status }, r.n);
      },
    });
    dbGauge(
      'quiz_battle_rounds_due',
      'Battle rounds past their deadline, waiting for a round ticker to close them.',
      (f) => f.roundsDue,
    );
    dbGauge('quiz_push_queue_length', 'Notifications not yet handed to the Web Push sender.', (f) => f.pushQueue);
    dbGauge(
      'quiz_outbox_messages',
      'Messages kept in the dev outbox (e-mail and SMS codes in development).',
      (f) => f.outbox,
    );

    function dbGauge(name: string, help: string, value: (f: DbFigures) => number) {
      new Gauge({
        name,
        help: `${help} All nodes: from the database.`,
        registers,
        async collect() {
          const f = await figures();
          // NaN, not 0, when the database could not say (an empty queue and an unknown one differ).
          this.set(f ? value(f) : NaN);
        },
      });
    }
  }

  /** Counts one answered request. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    // The registry collects every metric at once: the gauges of this scrape share one fresh read.
    this.figures = null;
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.figures = null;
    }
  }

  /** The database's figures, shared by the gauges of one scrape; null when it cannot be read. */
  private dbFigures(): Promise<DbFigures | null> {
    return (this.figures ??= readDbFigures(this.sources.db).catch(this.unreadable));
  }

  private readonly unreadable = (err: unknown): null => {
    this.sources.log.warn({ err }, 'metrics: database figures unavailable');
    return null;
  };
}

async function readDbFigures(db: Db): Promise<DbFigures> {
  // Each count runs on a partial index (rooms waiting or playing, notifications not pushed).
  // The statuses stay literals: the partial index's predicate must be provable from the text.
  const rooms = await db.orm
    .select({ kind: roomsTable.kind, status: roomsTable.status, n: sql<number>`count(*)::int` })
    .from(roomsTable)
    .where(sql`${roomsTable.status} IN ('waiting', 'playing')`)
    .groupBy(roomsTable.kind, roomsTable.status);
  // The outbox counted by the aggregate itself (one row), the other two by subqueries.
  const [q] = await db.orm
    .select({
      rounds_due: sql<number>`(SELECT count(*)::int FROM ${roomsTable}
        WHERE ${roomsTable.status} = 'playing' AND ${roomsTable.round_deadline} <= now())`,
      push_queue: sql<number>`(SELECT count(*)::int FROM ${notifications} WHERE ${notifications.pushed_at} IS NULL)`,
      outbox: sql<number>`count(*)::int`,
    })
    .from(outboxTable);
  return { rooms, roundsDue: q!.rounds_due, pushQueue: q!.push_queue, outbox: q!.outbox };
}

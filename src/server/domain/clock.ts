import { sql, type SQL } from '../db/client';

/**
 * The server's clock where time is what a rule is about (a contest's answer times, a battle
 * round's countdown and deadline, a dropped seat's reconnect grace, a waiting room's age): the
 * system's in production, one the test moves in tests, so that no test sleeps to make time pass
 * and none depends on how loaded the machine is.
 */
export interface Clock {
  now(): Date;
  /**
   * Now, as SQL in a statement. The system clock answers the database's own clock, so that
   * every node of a cluster reads one clock; a test's clock answers its instant.
   */
  sql(): SQL;
}

/** An instant as SQL (a timestamptz). */
export const sqlInstant = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/** The system clock (in SQL, the database's `clock_timestamp()`). */
export const systemClock: Clock = { now: () => new Date(), sql: () => sql`clock_timestamp()` };

/**
 * A test's clock. By default it stands still until the test moves it (it starts at the system's
 * time): a rule about time sees exactly the time the test made pass. `running: true` makes it
 * run with the system's time from there on, moved by what the test adds, for flows with many
 * steps (a battle's rounds) where only the long waits (a grace, a room's age) are skipped.
 */
export class TestClock implements Clock {
  /** Standing: the instant; running: the offset from the system's time. */
  private at: number;
  private readonly running: boolean;

  constructor(start: Date = new Date(), o: { running?: boolean } = {}) {
    this.running = o.running ?? false;
    this.at = this.running ? start.getTime() - Date.now() : start.getTime();
  }

  now(): Date {
    return new Date(this.running ? Date.now() + this.at : this.at);
  }

  sql(): SQL {
    return sqlInstant(this.now());
  }

  /** Moves the clock on by `ms` milliseconds. */
  advance(ms: number): void {
    this.at += ms;
  }

  /** Moves the clock on to an instant, never back (also: a worker thread following its app's clock). */
  follow(ms: number): void {
    this.advance(Math.max(0, ms - this.now().getTime()));
  }
}

/** A clock standing at one instant: what a transaction that took its time once reads. */
export const clockAt = (at: Date): Clock => ({ now: () => at, sql: () => sqlInstant(at) });

/** The instant a test clock stands at, to hand to another thread; undefined for the system clock. */
export const clockReading = (clock: Clock): number | undefined =>
  clock === systemClock ? undefined : clock.now().getTime();

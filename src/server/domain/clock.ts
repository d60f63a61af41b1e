/**
 * The server's clock where time is what a rule is about (a contest's answer times): the
 * system's in production, one the test moves in tests, so that no test sleeps to make time pass
 * and none depends on how loaded the machine is.
 */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until the test moves it (it starts at the system's time). */
export class TestClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock on by `ms` milliseconds. */
  advance(ms: number): void {
    this.at += ms;
  }
}

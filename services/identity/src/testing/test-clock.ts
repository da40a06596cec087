import type { Clock } from '@saathi/platform';

/** A clock tests move by hand (token expiry, rate-limit windows). */
export class TestClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

import type { Clock } from '../ports';

/** A clock tests move by hand (token expiry, rate-limit windows, post expiry). */
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

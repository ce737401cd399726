import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateRange,
  formatStartsIn,
  formatStartsInLine,
  timeLeft,
  truncateName,
} from '~/lib/tournament-time';

const now = Date.parse('2026-11-23T12:00:00Z');
const later = (ms: number) => now + ms;
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('tournament countdowns', () => {
  it('split the time left into days, hours, minutes and seconds', () => {
    expect(timeLeft(later(2 * d + 5 * h + 9 * s), now)).toEqual({ days: 2, hours: 5, minutes: 0, seconds: 9 });
    expect(timeLeft(new Date(later(59 * s + 999)).toISOString(), now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 59,
    });
  });

  it('read all zeros once the moment has passed', () => {
    expect(timeLeft(later(-5 * m), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(formatClock(later(-1), now)).toBe('0d 0h 0m 0s');
  });

  it('write the ticking clock as Xd Xh Xm Xs', () => {
    expect(formatClock(later(1 * d + 2 * h + 3 * m + 4 * s), now)).toBe('1d 2h 3m 4s');
    expect(formatClock(later(1 * d + 2 * h + 3 * m + 3 * s), now + 0)).toBe('1d 2h 3m 3s');
  });

  it("say 'Xd Yh' with a day or more left", () => {
    expect(formatStartsIn(later(3 * d + 4 * h + 59 * m), now)).toBe('3d 4h');
    expect(formatStartsIn(later(1 * d), now)).toBe('1d 0h');
  });

  it("say 'Xh Ym' with an hour or more left, 'Ym' under an hour", () => {
    expect(formatStartsIn(later(23 * h + 59 * m + 59 * s), now)).toBe('23h 59m');
    expect(formatStartsIn(later(1 * h), now)).toBe('1h 0m');
    expect(formatStartsIn(later(59 * m + 59 * s), now)).toBe('59m');
    expect(formatStartsIn(later(30 * s), now)).toBe('0m');
  });

  it("say 'Starting soon' once the start has passed", () => {
    expect(formatStartsIn(later(0), now)).toBe('Starting soon');
    expect(formatStartsIn(new Date(later(-h)).toISOString(), now)).toBe('Starting soon');
  });

  it("make the card's line 'Starts in X' before the start and 'Starting soon' alone after it", () => {
    expect(formatStartsInLine(later(2 * d + 3 * h), now)).toBe('Starts in 2d 3h');
    expect(formatStartsInLine(later(30 * s), now)).toBe('Starts in 0m');
    expect(formatStartsInLine(later(0), now)).toBe('Starting soon');
    expect(formatStartsInLine(new Date(later(-h)).toISOString(), now)).toBe('Starting soon');
  });
});

describe('tournament dates', () => {
  it('show one MM/DD/YY date when start and end fall on the same day', () => {
    expect(formatDateRange('2026-11-23T01:00:00', '2026-11-23T22:00:00')).toBe('11/23/26');
  });

  it("show 'start - end' otherwise", () => {
    expect(formatDateRange('2026-11-03T10:00:00', '2026-12-01T10:00:00')).toBe('11/03/26 - 12/01/26');
  });
});

describe('the dashboard card name', () => {
  it('is cut at 15 characters with an ellipsis', () => {
    expect(truncateName('Winter Fishing Derby')).toBe('Winter Fishing ...');
    expect(truncateName('Exactly 15 char')).toBe('Exactly 15 char');
    expect(truncateName('Short')).toBe('Short');
  });
});

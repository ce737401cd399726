import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formInstant, parseLocalDateTime } from '~/lib/dates';
import { tournamentFormSchema } from '~/lib/schemas/tournament-input';
import { resultsSatsLine, satsLine } from '~/lib/tournament-prizes';

const good = {
  name: 'Spring Cup',
  gameId: 'rekt',
  description: 'Fast hands',
  startDate: '2026-05-01T18:00',
  endDate: '2026-05-02T18:00:30',
  timezoneOffset: '-120',
  rewards: JSON.stringify({
    firstPlaceSats: 1000,
    secondToFifthSats: 100,
    randomParticipantSats: 50,
    avatarRewards: [{ avatarId: 'laser-eyes', eligibility: 'top_3', minScore: 10 }],
  }),
};

function firstError(payload: unknown): string | undefined {
  const r = z.safeParse(tournamentFormSchema, payload);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('tournament form schema', () => {
  it('takes a good payload', () => {
    const r = z.parse(tournamentFormSchema, good);
    expect(r.rewards.firstPlaceSats).toBe(1000);
    expect(r.rewards.avatarRewards).toEqual([{ avatarId: 'laser-eyes', eligibility: 'top_3', minScore: 10 }]);
    expect(r.imageFilename).toBeNull();
    expect(r.reportContent).toBe('');
    // Emoji sequences (zero-width joiner, variation selector) and other scripts are fine in a name.
    expect(z.parse(tournamentFormSchema, { ...good, name: 'Pride Cup \u{1f3f3}\ufe0f\u200d\u{1f308} كأس' }).name).toBe(
      'Pride Cup \u{1f3f3}\ufe0f\u200d\u{1f308} كأس',
    );
  });
  it('reads local times with the browser offset', () => {
    expect(new Date(formInstant('2026-05-01T18:00', '-120')).toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(new Date(formInstant('2026-05-01T18:00:59', '300')).toISOString()).toBe('2026-05-01T23:00:59.000Z');
    expect(parseLocalDateTime('2026-02-30T10:00')).toBeNull();
  });
  it.each([
    [{ endDate: '2026-05-01T17:59' }, 'endDate must be after startDate'],
    [{ endDate: '2026-05-01T18:00' }, 'endDate must be after startDate'],
    [
      { startDate: '2026-13-01T18:00' },
      'startDate must be a real local date and time like 2026-05-01T18:00 (seconds allowed)',
    ],
    [{ name: '  ' }, 'name is required'],
    // Hidden characters that disguise a name: NUL, a line break, a right-to-left override.
    [{ name: 'a\u0000b' }, 'name cannot hold control characters or text-direction marks'],
    [{ name: 'Spring\nCup' }, 'name cannot hold control characters or text-direction marks'],
    [{ name: 'Cup \u202egnp.exe' }, 'name cannot hold control characters or text-direction marks'],
    [
      { timezoneOffset: 'abc' },
      'timezoneOffset must be whole minutes, like "-120" (the browser\'s getTimezoneOffset())',
    ],
    [{ rewards: '{nope' }, 'rewards is not valid JSON'],
    [{ rewards: '[1]' }, 'rewards must be a JSON object like {"firstPlaceSats": 1000, "avatarRewards": []}'],
    [{ rewards: '{"firstPlaceSats": -1}' }, 'firstPlaceSats cannot be negative'],
    [{ rewards: '{"secondToFifthSats": 1.5}' }, 'secondToFifthSats must be a whole number of sats'],
    // API clients keep the API's own field names (the admin form checks amounts before sending).
    [{ rewards: '{"firstPlaceSats": 9007199254740991}' }, 'firstPlaceSats is more than every bitcoin there is'],
    // Each amount within bounds, the pool they make not: 2,100,000,000,000,000 sats is every bitcoin.
    [
      { rewards: '{"firstPlaceSats": 2100000000000000, "randomParticipantSats": 1}' },
      'The prize pool (1st place + 4 x places 2-5 + random participant) is more than every bitcoin there is',
    ],
    [
      { rewards: '{"secondToFifthSats": 525000000000001}' },
      'The prize pool (1st place + 4 x places 2-5 + random participant) is more than every bitcoin there is',
    ],
    [
      { rewards: '{"avatarRewards": [{"avatarId": "laser-eyes", "eligibility": "top_4"}]}' },
      'eligibility must be one of first_place, top_3, top_5, top_10, all_players',
    ],
    [
      { imageFilename: '../etc/passwd' },
      'imageFilename must be a PNG, JPEG, WebP or GIF file name like spring-cup.png',
    ],
    // Not a type the image route serves: it would only show as a broken image.
    [
      { imageFilename: 'spring-cup.svg' },
      'imageFilename must be a PNG, JPEG, WebP or GIF file name like spring-cup.png',
    ],
    [
      { imageFilename: 'spring-cup.avif' },
      'imageFilename must be a PNG, JPEG, WebP or GIF file name like spring-cup.png',
    ],
  ])('refuses %j', (change, message) => {
    expect(firstError({ ...good, ...change })).toBe(message);
  });
});

describe("a tournament's sats line", () => {
  const t = (distributedSats: number, totalPrizePool: number) => ({ distributedSats, rewards: { totalPrizePool } });
  it('says what was sent once anything was, never the pool', () => {
    expect(satsLine(t(1000, 1900))).toBe('1,000 sats distributed');
  });
  it('names the pool before anything was sent, and nothing without sats', () => {
    expect(satsLine(t(0, 1900))).toBe('1,900 sats prize pool');
    expect(satsLine(t(0, 0))).toBeNull();
  });
});

describe("a results header's sats", () => {
  const t = { distributedSats: 10_000, rewards: { totalPrizePool: 38_000 } };
  const award = (prizeValue: number, status: 'pending' | 'sent') => ({ prizeValue, status });
  it('add up the awards the page lists, saying how much of it was sent', () => {
    expect(resultsSatsLine(t, [award(10_000, 'sent'), award(11_000, 'pending')])).toBe(
      '21,000 sats awarded, 10,000 sent so far',
    );
    expect(resultsSatsLine(t, [award(10_000, 'sent'), award(11_000, 'sent')])).toBe('21,000 sats distributed');
    expect(resultsSatsLine(t, [award(11_000, 'pending')])).toBe('11,000 sats awarded');
  });
  it('name the pool before any award exists', () => {
    expect(resultsSatsLine({ distributedSats: 0, rewards: { totalPrizePool: 38_000 } }, [])).toBe(
      '38,000 sats prize pool',
    );
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAvatarRequestSchema } from '~/lib/schemas/admin';
import { avatarFormProblems } from '~/features/admin/avatar-form';
import {
  EMPTY_FORM,
  formOf,
  formProblems,
  payloadOf,
  SATS_PROBLEM,
  satsOf,
  satsProblem,
  type FormValues,
} from '~/features/admin/tournament-form';
import { formInstant } from '~/lib/dates';
import type { AdminTournament } from '~/lib/schemas/tournament';
import { tournamentFormSchema } from '~/lib/schemas/tournament-input';
import { describeEligibility, prizeReasonLabel } from '~/lib/tournament-prizes';
import { afterEach, beforeEach } from 'vitest';
import { statusBadge, windowNote } from '~/lib/tournament-time';

const filled: FormValues = {
  ...EMPTY_FORM,
  name: 'Spring Cup',
  startDate: '2026-05-01T18:00',
  endDate: '2026-05-02T18:00',
};

describe("the tournament form's prize amounts", () => {
  it('are whole numbers typed as digits; empty is 0', () => {
    expect(satsOf('')).toBe(0);
    expect(satsOf(' 21000 ')).toBe(21000);
    for (const text of ['1e3', '0x10', '1.5', '-1', '+5', '21 000', '21,000', 'Infinity'])
      expect(satsOf(text), text).toBeNaN();
  });

  it('name the field as its label does when they are not digits or more than every bitcoin', () => {
    expect(satsProblem('firstPlaceSats', '1e3')).toBe(
      '1st Place must be a whole number of sats, typed as digits (like 21000).',
    );
    expect(satsProblem('secondToFifthSats', '2.5')).toBe(
      '2nd - 5th Place must be a whole number of sats, typed as digits (like 21000).',
    );
    expect(satsProblem('firstPlaceSats', '9007199254740991')).toBe(
      '1st Place is more than every bitcoin there is: at most 2,100,000,000,000,000 sats.',
    );
    expect(satsProblem('randomParticipantSats', '2100000000000000')).toBeUndefined();
    expect(satsProblem('randomParticipantSats', '')).toBeUndefined();
  });

  it('keep the form from sending, each bad field with its own message', () => {
    const problems = formProblems({ ...filled, firstPlaceSats: '1e3', randomParticipantSats: '9007199254740991' });
    expect(problems.form).toBe(SATS_PROBLEM);
    expect(Object.keys(problems.sats)).toEqual(['firstPlaceSats', 'randomParticipantSats']);
    expect(formProblems({ ...filled, firstPlaceSats: '1000' })).toEqual({ form: undefined, sats: {} });
  });

  it('say a missing field or a wrong window first', () => {
    expect(formProblems({ ...filled, startDate: '', firstPlaceSats: 'x' }).form).toBe('The start date is required.');
    expect(formProblems({ ...filled, endDate: filled.startDate }).form).toBe('The end must be after the start.');
  });

  it('reach the server as the numbers typed', () => {
    const rewards = JSON.parse(
      String(
        payloadOf({ ...filled, firstPlaceSats: '21000', secondToFifthSats: '', randomParticipantSats: '0' }).rewards,
      ),
    );
    expect(rewards).toMatchObject({ firstPlaceSats: 21000, secondToFifthSats: 0, randomParticipantSats: 0 });
  });
});

describe('the avatar form', () => {
  it('asks for a name until one with a letter or digit is typed', () => {
    expect(avatarFormProblems('', '', '').name).toBe('Give the avatar a name.');
    expect(avatarFormProblems('!!!', '', '').name).toBe(
      'The name needs at least one letter or digit: the avatar id is made from it.',
    );
    expect(avatarFormProblems('Laser Eyes', 'laser-eyes', '')).toEqual({});
  });

  it('refuses a name with control characters or text-direction marks, on the server too', () => {
    const refused = z.safeParse(createAvatarRequestSchema, { name: 'Laser \u202eseyE' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(
      'The name cannot hold control characters or text-direction marks',
    );
    expect(z.parse(createAvatarRequestSchema, { name: 'Laser Eyes \u{1f440}' }).name).toBe('Laser Eyes \u{1f440}');
  });

  it('takes an empty image file or an image file name only', () => {
    expect(avatarFormProblems('Laser Eyes', 'laser-eyes', 'laser-eyes.png')).toEqual({});
    for (const file of ['laser-eyes', 'laser.svg', '../x.png', 'a/b.png'])
      expect(avatarFormProblems('Laser Eyes', 'laser-eyes', file).image, file).toBeDefined();
  });
});

describe('prize reasons and rewards in words', () => {
  it("use the spec's eligibility labels", () => {
    expect(describeEligibility('first_place', null)).toBe('First Place Only');
    expect(describeEligibility('all_players', null)).toBe('All Players');
    expect(describeEligibility('top_3', 5000)).toBe('Top 3, with at least 5,000 points');
  });

  it("name bitcoin prizes as the form's prize fields and avatar prizes by their eligibility", () => {
    expect(prizeReasonLabel('bitcoin', 'first_place')).toBe('1st Place');
    expect(prizeReasonLabel('bitcoin', 'place_2')).toBe('2nd Place');
    expect(prizeReasonLabel('bitcoin', 'place_3')).toBe('3rd Place');
    expect(prizeReasonLabel('bitcoin', 'place_5')).toBe('5th Place');
    expect(prizeReasonLabel('bitcoin', 'random_participant')).toBe('Random Participant');
    expect(prizeReasonLabel('bitcoin', 'top_5')).toBe('Top 5');
    expect(prizeReasonLabel('avatar', 'first_place')).toBe('First Place Only');
    expect(prizeReasonLabel('avatar', 'all_players')).toBe('All Players');
    expect(prizeReasonLabel('avatar', 'Top 3, with at least 5,000 points')).toBe('Top 3, with at least 5,000 points');
  });

  it("read the older stored wording back into the spec's labels and leave other text as it is", () => {
    expect(prizeReasonLabel('avatar', 'First place')).toBe('First Place Only');
    expect(prizeReasonLabel('avatar', 'Every participant')).toBe('All Players');
    expect(prizeReasonLabel('avatar', 'Top 10 finish, with at least 1,200 points')).toBe(
      'Top 10, with at least 1,200 points',
    );
    expect(prizeReasonLabel('avatar', 'e2e')).toBe('e2e');
  });
});

describe("the winners screen's header", () => {
  const start = '2026-12-01T12:00:00.000Z';
  const end = '2026-12-03T12:00:00.000Z';
  it('says Ended only for a past tournament; a date to come reads Ends or Starts', () => {
    expect(windowNote('past', start, end)).toEqual({ verb: 'Ended', date: '12/03/26' });
    expect(windowNote('active', start, end)).toEqual({ verb: 'Ends', date: '12/03/26' });
    expect(windowNote('upcoming', start, end)).toEqual({ verb: 'Starts', date: '12/01/26' });
  });
  it('labels a past tournament COMPLETED', () => {
    expect(['upcoming', 'active', 'past'].map((s) => statusBadge(s as 'past'))).toEqual([
      'UPCOMING',
      'ACTIVE',
      'COMPLETED',
    ]);
  });
});

describe("the tournament form's dates", () => {
  // An admin in Berlin: summer time starts on 29 March 2026, between the start and the end below.
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  /** The instants the server reads from the form's payload. */
  const saved = (values: FormValues) => {
    const form = z.parse(tournamentFormSchema, payloadOf(values));
    return [formInstant(form.startDate, form.timezoneOffset), formInstant(form.endDate, form.timezoneOffset)].map(
      (ms) => new Date(ms).toISOString(),
    );
  };
  const filled: FormValues = { ...EMPTY_FORM, name: 'Spring Cup', gameId: 'rekt' };

  it('mean the wall times the admin typed, also across a clock change', () => {
    // 18:00 in winter is 17:00 UTC; 18:00 in summer is 16:00 UTC.
    expect(saved({ ...filled, startDate: '2026-03-20T18:00', endDate: '2026-04-10T18:00' })).toEqual([
      '2026-03-20T17:00:00.000Z',
      '2026-04-10T16:00:00.000Z',
    ]);
  });

  it('save an unchanged tournament with the very same instants (seconds too), so editing its name keeps its dates', () => {
    const stored = { startDate: '2026-03-20T17:00:00.000Z', endDate: '2026-04-10T16:00:30.000Z' };
    const tournament = {
      ...stored,
      name: 'Spring Cup',
      gameId: 'rekt',
      description: '',
      imageFilename: null,
      reportContent: '',
      rewards: { prizeDistribution: { '1': 0, '2-5': 0, random: 0 }, avatarRewards: [] },
    } as unknown as AdminTournament;
    const values = formOf(tournament);
    expect([values.startDate, values.endDate]).toEqual(['2026-03-20T18:00', '2026-04-10T18:00:30']);
    expect(saved({ ...values, name: 'Spring Cup 2026' })).toEqual([stored.startDate, stored.endDate]);
  });
});

describe("the tournament form's Repeat and Limits", () => {
  const weekly: FormValues = { ...filled, repeat: 'weekly', repeatEnds: 'times', repeatTimes: '10' };

  it('say what is wrong with the number of times, the until date and the limits before sending', () => {
    expect(formProblems(weekly).form).toBeUndefined();
    // The message goes under the repeat's field; the form's own line points there.
    for (const times of ['1', '1001', '2.5', ''])
      expect(formProblems({ ...weekly, repeatTimes: times })).toMatchObject({
        form: 'Fix the repeat marked above.',
        repeat: 'Repeat: the number of times must be a whole number from 2 to 1000.',
      });
    expect(formProblems({ ...weekly, repeatEnds: 'until' }).repeat).toBe(
      'Repeat: choose the date the series runs until.',
    );
    expect(formProblems({ ...weekly, repeatEnds: 'until', repeatUntil: '2026-05-02T12:00' }).repeat).toBe(
      'Repeat: the "until" date must be after the first tournament ends.',
    );
    expect(formProblems(weekly).repeat).toBeUndefined();
    // Editing: the schedule is not the form's any more.
    expect(formProblems({ ...weekly, repeatTimes: '1' }, false).form).toBeUndefined();
    expect(formProblems({ ...filled, maxPlayers: '0' }).form).toBe(
      'Max players must be a whole number of at least 1 (or empty for no limit).',
    );
    expect(formProblems({ ...filled, maxRunsPerPlayer: '100001' }).form).toBe(
      'Runs per player can be at most 100,000.',
    );
  });

  it('reach the server as a schedule (creating only) and limits it takes', () => {
    const created = z.parse(tournamentFormSchema, payloadOf({ ...weekly, maxPlayers: '50', maxRunsPerPlayer: '' }));
    expect(created).toMatchObject({ schedule: { every: 'weekly', times: 10 }, maxPlayers: 50, maxRunsPerPlayer: null });
    const until = z.parse(
      tournamentFormSchema,
      payloadOf({ ...weekly, repeat: 'monthly', repeatEnds: 'until', repeatUntil: '2026-12-31T23:00' }),
    );
    expect(until.schedule).toMatchObject({ every: 'monthly', until: expect.stringMatching(/^2026-12-3[01]T/) });
    expect(z.parse(tournamentFormSchema, payloadOf(weekly, false)).schedule).toBeNull();
    expect(z.parse(tournamentFormSchema, payloadOf(filled)).schedule).toBeNull();
  });
});

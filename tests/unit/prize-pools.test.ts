import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { growPrizes } from '~/lib/prize-pools';
import { rewardsInputSchema } from '~/lib/schemas/tournament-input';

// How given sats grow the winners' prizes (notes/pools.md): amounts worked out by hand.

const prizes = (...sats: [string, number][]) => sats.map(([reason, setSats]) => ({ reason, setSats }));

describe('growPrizes', () => {
  it('splits in the set proportions, the sats left over to the largest remainders, earlier first on a tie', () => {
    // 100 given over 3 / 1 / 1 / 1 (total 6): 50 / 16.67 / 16.67 / 16.67 -> 50 / 16 / 16 / 16, 2 left: 2nd and 3rd.
    expect(
      growPrizes('proportional', prizes(['first_place', 3], ['place_2', 1], ['place_3', 1], ['place_4', 1]), 100),
    ).toEqual([50, 17, 17, 16]);
    // A prize set at 0 gets nothing.
    expect(growPrizes('proportional', prizes(['first_place', 1000], ['place_2', 0]), 999)).toEqual([999, 0]);
    // Amounts past 2^53 when multiplied stay exact.
    expect(growPrizes('proportional', prizes(['first_place', 2e15], ['place_2', 1e15]), 3e9)).toEqual([2e9, 1e9]);
  });

  it('gives all to 1st place under that rule, or when every set prize is 0; nobody to give to is null', () => {
    expect(growPrizes('first_place', prizes(['first_place', 0], ['place_2', 500]), 777)).toEqual([777, 0]);
    expect(growPrizes('proportional', prizes(['first_place', 0], ['random_participant', 0]), 5)).toEqual([5, 0]);
    expect(growPrizes('proportional', [], 5)).toBeNull();
    expect(growPrizes('first_place', prizes(['random_participant', 300]), 5)).toBeNull();
    expect(growPrizes('first_place', [], 0)).toEqual([]);
  });
});

describe('the form’s pool rule', () => {
  it('defaults to proportional and refuses an unknown rule with a message', () => {
    expect(z.parse(rewardsInputSchema, { firstPlaceSats: 1 }).poolRule).toBe('proportional');
    expect(z.parse(rewardsInputSchema, { poolRule: 'first_place' }).poolRule).toBe('first_place');
    const wrong = z.safeParse(rewardsInputSchema, { poolRule: 'all_to_me' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('poolRule must be one of proportional, first_place');
  });
});

import { formatCount } from './numbers';

/**
 * Prize pools the community fills (notes/pools.md): what a tournament's administrator set, plus the
 * sats visitors gave to it (credited donations only). The rule the administrator chose decides, when
 * the winners are processed, how the given sats grow the winners' bitcoin prizes.
 */

export const POOL_RULES = ['proportional', 'first_place'] as const;
export type PoolRule = (typeof POOL_RULES)[number];

/** The rule as the tournament form offers it. */
export const POOL_RULE_LABELS: Record<PoolRule, string> = {
  proportional: 'Split like the set prizes',
  first_place: 'All to 1st place',
};

/** The rule in a sentence, as the tournament's page says it. */
export function poolRuleSentence(rule: PoolRule): string {
  return rule === 'first_place'
    ? 'Every sat given to the pool is added to the 1st place prize.'
    : 'Sats given to the pool are added to the winners’ bitcoin prizes, split in the same proportions as the set prizes.';
}

/** What happens to given sats nobody wins, in the words of the tournament's page and the books. */
export const NO_WINNERS_SENTENCE =
  'If the tournament ends without a winner to add them to, the sats given to its pool go to the arcade’s general fund (servers and new games), shown in the open books.';

/** A winner's bitcoin prize before the pool grows it: its award reason ('first_place', 'place_2', …) and set sats. */
export interface SetPrize {
  reason: string;
  setSats: number;
}

/**
 * The sats each prize gets from `givenSats` under `rule`, in the prizes' order, adding up to
 * `givenSats`; null when no prize can take them (nobody won; with 'first_place', nobody placed
 * first). 'proportional': each prize's share of the set prizes, rounded down, and the sats left over
 * one each to the prizes with the largest remainders (the earlier prize on a tie); when every set
 * prize is 0, all to 1st place. Exact for any amounts (BigInt).
 */
export function growPrizes(rule: PoolRule, prizes: SetPrize[], givenSats: number): number[] | null {
  if (givenSats <= 0) return prizes.map(() => 0);
  const first = prizes.findIndex((p) => p.reason === 'first_place');
  const total = prizes.reduce((sum, p) => sum + BigInt(p.setSats), 0n);
  if (rule === 'first_place' || total === 0n) {
    if (first < 0) return null;
    return prizes.map((_, i) => (i === first ? givenSats : 0));
  }
  const given = BigInt(givenSats);
  const shares = prizes.map((p) => (given * BigInt(p.setSats)) / total);
  const remainders = prizes.map((p, i) => ({ i, rest: (given * BigInt(p.setSats)) % total }));
  let left = given - shares.reduce((sum, s) => sum + s, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** "1,000 sats set + 2,100 given" for a pool that has gifts, else null. */
export function poolBreakdown(setSats: number, givenSats: number): string | null {
  return givenSats > 0 ? `${formatCount(setSats)} sats set + ${formatCount(givenSats)} given` : null;
}

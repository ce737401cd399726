import { formatCount, formatOrdinal } from './numbers';

/**
 * A tournament's prizes: who may earn an avatar reward and how the pages word it, the sats prize
 * pool and its limit, and how a prize award's reason is shown.
 */

/** Who may earn a tournament's avatar reward (the form's labels beside each). */
export const ELIGIBILITIES = ['first_place', 'top_3', 'top_5', 'top_10', 'all_players'] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];
export const ELIGIBILITY_LABELS: Record<Eligibility, string> = {
  first_place: 'First Place Only',
  top_3: 'Top 3',
  top_5: 'Top 5',
  top_10: 'Top 10',
  all_players: 'All Players',
};
/** The best rank an eligibility allows, or null for every participant. */
export const ELIGIBILITY_TOP: Record<Eligibility, number | null> = {
  first_place: 1,
  top_3: 3,
  top_5: 5,
  top_10: 10,
  all_players: null,
};

const isEligibility = (value: string): value is Eligibility => (ELIGIBILITIES as readonly string[]).includes(value);

/**
 * Who earns an avatar reward, in the spec's words (the form's eligibility labels): 'First Place
 * Only', 'Top 3, with at least 5,000 points', 'All Players'. The one wording of the reward picker,
 * the public pages' `unlockCriteria` and the winners screen.
 */
export function describeEligibility(eligibility: Eligibility, minScore: number | null): string {
  const who = ELIGIBILITY_LABELS[eligibility];
  return minScore ? `${who}, with at least ${formatCount(minScore)} points` : who;
}

/** The texts an avatar award's reason was stored as before it used the spec's labels ('Top 3 finish'). */
const OLD_CRITERIA = /^(First place|Every participant|Top (3|5|10) finish)(, with at least [\d,]+ points)?$/;

/**
 * A prize award's reason as the winners screen and reports show it. Bitcoin prizes are named as the
 * form's prize fields ('1st Place', '2nd Place' … '5th Place', 'Random Participant'), eligibility
 * codes by the spec's labels ('first_place' of an avatar prize: 'First Place Only', 'all_players':
 * 'All Players'); any other stored text is shown as it is. Stored reasons are codes for bitcoin
 * prizes and, for avatar prizes, the reward's `describeEligibility` (older rows: a code, or the
 * wording of the time, which is read back into the spec's labels).
 */
export function prizeReasonLabel(prizeType: 'bitcoin' | 'avatar', reason: string): string {
  if (prizeType === 'bitcoin') {
    if (reason === 'first_place') return '1st Place';
    if (reason === 'random_participant') return 'Random Participant';
    const place = /^place_([1-9]\d{0,5})$/.exec(reason);
    if (place) return `${formatOrdinal(Number(place[1]))} Place`;
  }
  if (isEligibility(reason)) return ELIGIBILITY_LABELS[reason];
  const old = OLD_CRITERIA.exec(reason);
  if (old) {
    const eligibility: Eligibility =
      old[1] === 'First place'
        ? 'first_place'
        : old[1] === 'Every participant'
          ? 'all_players'
          : (`top_${old[2]}` as Eligibility);
    return ELIGIBILITY_LABELS[eligibility] + (old[3] ?? '');
  }
  return reason;
}

/** The prize pool: first + 4 x second-to-fifth + random (the form's preview uses the same rule). */
export const prizePool = (r: { firstPlaceSats: number; secondToFifthSats: number; randomParticipantSats: number }) =>
  r.firstPlaceSats + 4 * r.secondToFifthSats + r.randomParticipantSats;

/**
 * A tournament's sats in one line, true at every stage: 'N sats distributed' once prizes were
 * sent (what was sent, not what was offered), else 'N sats prize pool' while it offers sats, else
 * null (nothing to show).
 */
export function satsLine(t: { distributedSats: number; rewards: { totalPrizePool: number } }): string | null {
  if (t.distributedSats > 0) return `${formatCount(t.distributedSats)} sats distributed`;
  return t.rewards.totalPrizePool > 0 ? `${formatCount(t.rewards.totalPrizePool)} sats prize pool` : null;
}

/**
 * The results header's sats, from the same awards the Bitcoin Rewards card lists, so the header
 * never states a sum the list beside it does not add up to: 'N sats distributed' once every award
 * was sent, 'N sats awarded, M sent so far' while some wait, 'N sats awarded' before any is sent;
 * before winners are processed, {@link satsLine}.
 */
export function resultsSatsLine(
  t: { distributedSats: number; rewards: { totalPrizePool: number } },
  bitcoinAwards: { prizeValue: number; status: 'pending' | 'sent' }[],
): string | null {
  if (bitcoinAwards.length === 0) return satsLine(t);
  const awarded = bitcoinAwards.reduce((sum, a) => sum + a.prizeValue, 0);
  const sent = bitcoinAwards.filter((a) => a.status === 'sent').reduce((sum, a) => sum + a.prizeValue, 0);
  if (sent === awarded) return `${formatCount(awarded)} sats distributed`;
  return sent > 0
    ? `${formatCount(awarded)} sats awarded, ${formatCount(sent)} sent so far`
    : `${formatCount(awarded)} sats awarded`;
}

/** The largest sats amount a reward may hold: every bitcoin there will ever be (21 million x 10^8). */
export const MAX_SATS = 2_100_000_000_000_000;

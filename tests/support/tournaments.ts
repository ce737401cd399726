import * as z from 'zod/mini';
import { tournamentFormSchema, type TournamentForm, type RewardsInput } from '~/lib/schemas/tournament-input';

/** `ms` (whole seconds) as the admin form's local date-time, read with timezoneOffset '0'. */
export const localUtc = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** An admin form payload for a tournament of `gameId` over [start, end) (ms, whole seconds, UTC). */
export function tournamentForm(
  name: string,
  gameId: string,
  start: number,
  end: number,
  rewards: Partial<RewardsInput> = {},
  extra: Partial<TournamentForm> = {},
): TournamentForm {
  return {
    name,
    gameId,
    description: `${name}: play ${gameId}`,
    startDate: localUtc(start),
    endDate: localUtc(end),
    timezoneOffset: '0',
    rewards: JSON.stringify(rewards),
    ...extra,
  };
}

/** The same payload, parsed as the server parses it. */
export const parsedForm = (...args: Parameters<typeof tournamentForm>) =>
  z.parse(tournamentFormSchema, tournamentForm(...args));

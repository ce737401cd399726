import type { AdminTournament, Eligibility, TournamentForm } from '../../lib/schemas/tournaments';

/** One avatar reward in the form. */
export interface RewardDraft {
  avatarId: string;
  eligibility: Eligibility;
  minScore: number | null;
}

/** What the form holds: text as typed, parsed on submit. */
export interface FormValues {
  name: string;
  gameId: string;
  description: string;
  startDate: string;
  endDate: string;
  /** The stored image file name (`tournament_{digits}_{name}`), '' for none. */
  imageFilename: string;
  firstPlaceSats: string;
  secondToFifthSats: string;
  randomParticipantSats: string;
  avatarRewards: RewardDraft[];
  reportContent: string;
}

export const EMPTY_FORM: FormValues = {
  name: '',
  gameId: 'rekt',
  description: '',
  startDate: '',
  endDate: '',
  imageFilename: '',
  firstPlaceSats: '',
  secondToFifthSats: '',
  randomParticipantSats: '',
  avatarRewards: [],
  reportContent: '',
};

/** A stored upload name without its `tournament_{digits}_` prefix: the name the admin chose (SPEC section 5). */
export const originalImageName = (filename: string) => filename.replace(/^tournament_\d+_/, '');

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A tournament's values in the form, for editing. */
export function formOf(t: AdminTournament): FormValues {
  const split = t.rewards.prizeDistribution;
  return {
    name: t.name,
    gameId: t.gameId,
    description: t.description,
    startDate: toLocalInput(t.startDate),
    endDate: toLocalInput(t.endDate),
    imageFilename: t.imageFilename ?? '',
    firstPlaceSats: String(split['1']),
    secondToFifthSats: String(split['2-5']),
    randomParticipantSats: String(split.random),
    avatarRewards: t.rewards.avatarRewards.map((r) => ({ avatarId: r.avatarId, eligibility: r.requirement.type, minScore: r.requirement.minScore })),
    reportContent: t.reportContent,
  };
}

/** Duplicating: the name plus ' (Copy)', the same game and description; dates, image and rewards empty. */
export const duplicateOf = (t: AdminTournament): FormValues => ({ ...EMPTY_FORM, name: `${t.name} (Copy)`, gameId: t.gameId, description: t.description });

/** A sats field as a whole number: empty is 0; anything else that is not whole stays text for the server to refuse. */
export function satsOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/** The form's payload (SPEC section 3): rewards as JSON text, the browser's time zone offset as text. */
export function payloadOf(values: FormValues): TournamentForm {
  const offset = values.startDate ? new Date(values.startDate).getTimezoneOffset() : new Date().getTimezoneOffset();
  return {
    name: values.name,
    gameId: values.gameId,
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    timezoneOffset: String(offset),
    rewards: JSON.stringify({
      firstPlaceSats: satsOf(values.firstPlaceSats),
      secondToFifthSats: satsOf(values.secondToFifthSats),
      randomParticipantSats: satsOf(values.randomParticipantSats),
      avatarRewards: values.avatarRewards,
    }),
    imageFilename: values.imageFilename || undefined,
    reportContent: values.reportContent,
  };
}

import { formatOneDecimal } from './format';
import type { FishDetail } from './schemas/leaderboard';

/** How the fish of a fishing run are shown: their weight, their order, the haul and their stars. */

export const POUNDS_PER_KG = 2.20462;
export type WeightUnit = 'lbs' | 'kg';

/** A fish's weight (stored in kilograms) in `unit`, one decimal: `4.9 lbs`. */
export function formatWeight(kg: number, unit: WeightUnit): string {
  const value = unit === 'lbs' ? kg * POUNDS_PER_KG : kg;
  return `${formatOneDecimal(value)} ${unit}`;
}

/** The fish of a run, most points first (a copy; the input is left as it is). */
export function fishByPoints(fish: readonly FishDetail[]): FishDetail[] {
  return [...fish].sort((a, b) => b.points - a.points);
}

/** 'Great haul!' is earned by more than three kinds of fish (by name) in one run. */
export const GREAT_HAUL_MIN_KINDS = 4;
export function isGreatHaul(fish: readonly FishDetail[]): boolean {
  return new Set(fish.map((f) => f.name)).size >= GREAT_HAUL_MIN_KINDS;
}

/** A fish's quality as a whole number of stars from 1 to 5. */
export function qualityStars(quality: number): number {
  return Math.min(5, Math.max(1, Math.round(quality)));
}

import * as z from 'zod/mini';
import { formatCount, plural } from './format';
import { REKT_FORMATIONS } from './schemas/games';
import { defaultAvatarImage } from './schemas/avatars';

/**
 * The achievement cards and their rules, shared by the server (which computes a player's cards and
 * decides claims) and the achievements page. Five cards, 18 achievements in all:
 *
 * - perfect: the eight REKT! coin formations, each unlocked for good by a run that collected every
 *   coin of that shape;
 * - beginner, pro, hardcore: three score tiers each, unlocked when the player's best single run in
 *   the achievement game (the catalogue game with `achievements: true`) reaches the target;
 * - tourney-regular: ten tournaments entered (at least one run inside each one's window).
 *
 * A card is complete when it has achievements and all are unlocked; its reward avatar can then be
 * claimed once.
 */

export const CARD_IDS = ['perfect', 'beginner', 'pro', 'hardcore', 'tourney-regular'] as const;
export type CardId = (typeof CARD_IDS)[number];
export type CardType = 'rekt' | 'score' | 'tournament';

/** Score targets of the three score cards, in the achievement game. */
export const SCORE_TIERS = {
  beginner: [5000, 10000, 15000],
  pro: [20000, 30000, 40000],
  hardcore: [50000, 100000, 250000],
} as const;

/** Tournaments a player must enter for the tourney-regular card. */
export const TOURNAMENT_TARGET = 10;

/** What a card's reward is: an avatar of the collection. */
export interface CardReward {
  avatarId: string;
  title: string;
  description: string;
}

interface CardDefinition {
  id: CardId;
  title: string;
  description: string;
  type: CardType;
  reward: CardReward;
}

/** The five cards, in the order the page lists them. */
export const CARDS: readonly CardDefinition[] = [
  {
    id: 'perfect',
    title: 'Perfect Collector',
    description: 'Collect every coin of each of the eight REKT! formations.',
    type: 'rekt',
    reward: {
      avatarId: 'bitcoin-collector',
      title: 'Bitcoin Collector',
      description: 'For the player who never leaves a sat behind.',
    },
  },
  {
    id: 'beginner',
    title: 'REKT! Beginner',
    description: 'Your first steps against inflation: reach 5,000, 10,000 and 15,000 points in one REKT! run.',
    type: 'score',
    reward: { avatarId: 'fiat-bird', title: 'REKT! Beginner', description: 'The fiat bird that learned to fly.' },
  },
  {
    id: 'pro',
    title: 'REKT! Pro',
    description: 'Stack like a pro: reach 20,000, 30,000 and 40,000 points in one REKT! run.',
    type: 'score',
    reward: { avatarId: 'bitcoin-duck', title: 'REKT! Pro Player', description: 'A duck with diamond wings.' },
  },
  {
    id: 'hardcore',
    title: 'REKT! HARDCORE',
    description: 'Only legends get here: reach 50,000, 100,000 and 250,000 points in one REKT! run.',
    type: 'score',
    reward: {
      avatarId: 'fiat-clown',
      title: 'REKT! HARDCORE Legend',
      description: 'Laughs last at every money printer.',
    },
  },
  {
    id: 'tourney-regular',
    title: 'Tourney Regular',
    description: `Enter ${TOURNAMENT_TARGET} tournaments with at least one score each.`,
    type: 'tournament',
    reward: { avatarId: 'btc-player', title: 'Tourney Regular', description: 'Seen at every tournament table.' },
  },
];

/** The total number of achievements: 8 formations + 9 score tiers + 1 tournament target. */
export const TOTAL_ACHIEVEMENTS = REKT_FORMATIONS.length + Object.values(SCORE_TIERS).flat().length + 1;

/** What the rules need to know of a player. */
export interface AchievementFacts {
  /** The formations the player has unlocked (any of {@link REKT_FORMATIONS}). */
  formations: ReadonlySet<string>;
  /** The player's best single run in the achievement game; 0 before the first. */
  bestScore: number;
  /** Tournaments entered. */
  tournamentsEntered: number;
  /** Avatars the player owns, by id. */
  ownedAvatarIds: ReadonlySet<string>;
}

export const achievementSchema = z.object({
  name: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
  targetScore: z.optional(z.number()),
  targetCount: z.optional(z.number()),
  currentCount: z.optional(z.number()),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementCardSchema = z.object({
  id: z.enum(CARD_IDS),
  title: z.string(),
  description: z.string(),
  achievements: z.array(achievementSchema),
  reward: z.object({ avatarId: z.string(), title: z.string(), description: z.string(), image: z.string() }),
  completed: z.boolean(),
  completedCount: z.number(),
  totalCount: z.number(),
  type: z.enum(['rekt', 'score', 'tournament']),
  /** The reward avatar is in the player's collection. */
  claimed: z.boolean(),
});
export type AchievementCard = z.infer<typeof achievementCardSchema>;

/** Answer of `GET /api/achievements`. */
export const achievementsResponseSchema = z.object({
  cards: z.array(achievementCardSchema),
  completed: z.number(),
  total: z.number(),
});
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;

const titleCase = (words: string) => words.replace(/\b\w/g, (c) => c.toUpperCase());

function achievementsOf(card: CardDefinition, facts: AchievementFacts): Achievement[] {
  switch (card.type) {
    case 'rekt':
      return REKT_FORMATIONS.map((formation) => ({
        name: titleCase(formation),
        description: `Collect every coin of a ${formation} formation in one REKT! run.`,
        unlocked: facts.formations.has(formation),
      }));
    case 'score':
      return SCORE_TIERS[card.id as keyof typeof SCORE_TIERS].map((target) => ({
        name: `${formatCount(target)} Points`,
        description: `Score ${formatCount(target)} points in a single REKT! run.`,
        unlocked: facts.bestScore >= target,
        targetScore: target,
      }));
    case 'tournament':
      return [
        {
          name: 'Tourney Regular',
          description: `Enter ${plural(TOURNAMENT_TARGET, 'tournament')}, with at least one score in each.`,
          unlocked: facts.tournamentsEntered >= TOURNAMENT_TARGET,
          targetCount: TOURNAMENT_TARGET,
          currentCount: Math.min(facts.tournamentsEntered, TOURNAMENT_TARGET),
        },
      ];
  }
}

/** A player's five cards with their progress, and how many of the 18 achievements they have. */
export function computeAchievements(facts: AchievementFacts): AchievementsResponse {
  const cards = CARDS.map((card): AchievementCard => {
    const achievements = achievementsOf(card, facts);
    const completedCount = achievements.filter((a) => a.unlocked).length;
    return {
      id: card.id,
      title: card.title,
      description: card.description,
      achievements,
      reward: { ...card.reward, image: defaultAvatarImage(card.reward.avatarId) },
      completed: achievements.length > 0 && completedCount === achievements.length,
      completedCount,
      totalCount: achievements.length,
      type: card.type,
      claimed: facts.ownedAvatarIds.has(card.reward.avatarId),
    };
  });
  return { cards, completed: cards.reduce((sum, card) => sum + card.completedCount, 0), total: TOTAL_ACHIEVEMENTS };
}

/** The card with this id, or undefined. */
export const findCard = (cardId: string) => CARDS.find((card) => card.id === cardId);

/** The cards as they are once the server has given `cardId`'s reward: that card claimed, the rest as they were. */
export const withClaimed = (answer: AchievementsResponse, cardId: string): AchievementsResponse => ({
  ...answer,
  cards: answer.cards.map((card) => (card.id === cardId ? { ...card, claimed: true } : card)),
});

/** What the claim button says and whether it can be pressed. */
export function claimButton(
  card: Pick<AchievementCard, 'completed' | 'claimed'>,
  claiming: boolean,
): { label: string; enabled: boolean } {
  if (card.claimed) return { label: 'CLAIMED!', enabled: false };
  if (claiming) return { label: 'CLAIMING...', enabled: false };
  if (card.completed) return { label: 'CLAIM REWARD!', enabled: true };
  return { label: 'LOCKED', enabled: false };
}

/** The celebration after a claim: starts this long after the answer, closes by itself after 3 s. */
export const CELEBRATION_DELAY_MS = 100;
export const CELEBRATION_MS = 3000;
export const CONFETTI_PARTICLES = 50;
export const CELEBRATION_VOLUME = 0.3;

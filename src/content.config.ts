import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { catalogueFolders } from '../scripts/build/catalogue-folders.mjs';

/** A site-relative path such as `/images/games/rekt/logo.svg`. */
const sitePath = z.string().regex(/^\/(?!\/)\S*$/, 'must be a site-relative path starting with "/"');

/** An image the pages show, with the text a screen reader reads instead. */
const image = z.object({
  /** Site-relative path of the image under `public/`. */
  src: sitePath,
  /** Alternative text: what the picture shows. */
  alt: z.string().min(1),
});

/** A small card with a pixel icon, used by the feature grids of the detail pages. */
const featureCard = z.object({
  /** Icon name from the pixelarticons set (https://pixelarticons.com), e.g. `zap`. */
  icon: z.string().min(1),
  title: z.string().min(1),
  text: z.string().min(1),
});

/** A titled card with a short paragraph. */
const textCard = z.object({
  title: z.string().min(1),
  text: z.string().min(1),
});

/** A titled card listing label/value rows (status and game-info cards). */
const factsCard = z.object({
  title: z.string().min(1),
  /** A one-word status shown as a badge, e.g. `BETA`. */
  badge: z.string().optional(),
  rows: z.array(z.object({ label: z.string().min(1), value: z.string().min(1) })).min(1),
});

/**
 * Copy of a game's detail page. Each game has its own page shape, told apart by `layout`.
 * The Markdown body of the entry is the page's long text (REKT's mission, the intros of the others).
 */
const gameDetail = z.discriminatedUnion('layout', [
  z.object({
    layout: z.literal('rekt'),
    tagline: z.string().min(1),
    /** The four screenshots shown side by side. */
    screenshots: z.array(image).length(4),
    featuresTitle: z.string().min(1),
    /** The bullet list of features. */
    featureList: z.array(z.string().min(1)).min(1),
    missionTitle: z.string().min(1),
  }),
  z.object({
    layout: z.literal('fishing'),
    tagline: z.string().min(1),
    /** Interval of the detail page's screenshot carousel. */
    carouselIntervalMs: z.number().int().min(500),
    /** The nine feature cards. */
    featureCards: z.array(featureCard).length(9),
    statusCard: factsCard,
    competitionCard: textCard,
    launchLabel: z.string().min(1),
  }),
  z.object({
    layout: z.literal('quiz'),
    tagline: z.string().min(1),
    featureCards: z.array(featureCard).min(3),
    gameInfoCard: factsCard,
    competitionCard: textCard,
    launchLabel: z.string().min(1),
  }),
]);

/** A catalogue game shown to players: its cards, its page, its leaderboard. */
const listedGame = z.object({
  /**
   * Listed (the default): on every page that lists games. `false`: an unlisted game, playable at its
   * play link with runs, tickets, results and a leaderboard through the Game API, but on no page: a
   * studio's game being tried out before launch (docs/bring-your-own-game.md). It then needs only
   * what the server uses: id, name, gameId, description, url, results, fairPlay and limits.
   */
  listed: z.literal(true),
  /** Catalogue number, also the display order. */
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** The detail page's last path segment. */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  /** The id scores, leaderboards and tournaments use. */
  gameId: z.string().regex(/^[a-z0-9-]+$/),
  /** One or two sentences shown on the cards. */
  description: z.string().min(1),
  /** Where the game is played: an absolute URL of its host, or a path the arcade serves. */
  url: z.union([z.url({ protocol: /^https?$/ }), sitePath]),
  logo: sitePath,
  isOnline: z.boolean(),
  detailsPath: sitePath,
  emoji: z.string().min(1),
  /** Optional list of features (fishing only in the catalogue). */
  features: z.array(z.string().min(1)).optional(),
  /** When the game came out, as shown to players, e.g. `June 2025`. */
  released: z.string().min(1),
  /** The five screenshots of the rotating card image. */
  screenshots: z.array(image).length(5),
  /** How long each card screenshot stays before the next. */
  carouselIntervalMs: z.number().int().min(500),
  detail: gameDetail,
  /**
   * What a run of this game reports beyond its score, and so what the boards, the Game API and the
   * achievements show and accept for it. Nothing in the code asks which game it is.
   */
  results: z.object({
    /** Runs carry the fish caught (`fish`): boards show fish counts and the Fishing Results dialog. */
    fish: z.boolean(),
    /** Runs report REKT!'s coin formations (`achievements`), which unlock the perfect card. */
    formations: z.boolean(),
    /** Runs reach levels: boards and the Your Rank card show them (else the fish count). */
    levels: z.boolean(),
  }),
  /** The dashboard card ends its description with a 'read more' link to the detail page. */
  readMore: z.boolean(),
  /**
   * The achievement game: its best single run counts for the score cards (beginner, pro,
   * hardcore). Exactly one catalogue game has it.
   */
  achievements: z.boolean().default(false),
  /**
   * Offered in the Admin Room's tournament form (REKT! and Fishing for Sats! in the catalogue). The
   * server still takes a tournament of any catalogue game through the API.
   */
  tournaments: z.boolean().default(false),
  /**
   * Fair play (README, "Fair play"): `replay`, the server replays every run from its ticket's seed
   * and the game's input log (the arcade's own games); `ticket`, each run needs a fresh run ticket
   * and its timing is checked (a game the arcade cannot simulate); `none`, the Game API takes the
   * reported result.
   */
  fairPlay: z.enum(['replay', 'ticket', 'none']),
  /** Plausibility limits of one run: the Game API refuses results beyond them. */
  limits: z.object({
    maxScore: z.number().int().positive(),
    maxLevel: z.number().int().nonnegative(),
    /** 0 for games without fish (`results.fish` false). */
    maxFishPerRun: z.number().int().nonnegative(),
  }),
});

/** An unlisted game (`listed: false`): only what the server needs to take its runs. */
const unlistedGame = listedGame
  .pick({
    id: true,
    name: true,
    gameId: true,
    description: true,
    url: true,
    results: true,
    fairPlay: true,
    limits: true,
  })
  .extend({
    listed: z.literal(false),
    /** The achievement game is a listed one. */
    achievements: z.literal(false).default(false),
    /** The tournament form offers listed games only. */
    tournaments: z.literal(false).default(false),
  });

/** The game catalogue: one Markdown file per game. */
const games = defineCollection({
  loader: glob({ pattern: catalogueFolders().map((folder) => `${folder}/*.md`), base: '.' }),
  schema: z.preprocess(
    (entry) => (entry && typeof entry === 'object' && !('listed' in entry) ? { ...entry, listed: true } : entry),
    z
      .discriminatedUnion('listed', [listedGame, unlistedGame])
      .refine((game) => game.results.fish === game.limits.maxFishPerRun > 0, {
        message: 'results.fish must be true exactly when limits.maxFishPerRun is above 0',
        path: ['results', 'fish'],
      }),
  ),
});

/**
 * The About page: the founder story (`kind: story`, one entry) and one timeline milestone per game
 * (`kind: milestone`). Markdown bodies carry the prose.
 */
const about = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/about' }),
  schema: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('story'),
      title: z.string().min(1),
      subtitle: z.string().min(1),
    }),
    z.object({
      kind: z.literal('milestone'),
      /** Position on the timeline, oldest first. */
      order: z.number().int(),
      /** The catalogue game this milestone is about. */
      gameId: z.string().regex(/^[a-z0-9-]+$/),
      date: z.string().min(1),
      title: z.string().min(1),
      goal: z.string().min(1),
      lesson: z.string().min(1),
      accolades: z.array(z.string().min(1)).min(1),
    }),
  ]),
});

/** Information pages the footer links to (`/help`, `/contact`, `/privacy`). */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    /** The page's meta description and intro line. */
    description: z.string().min(1),
    /** Date of the last change of the text, YYYY-MM-DD. */
    updated: z.coerce.date(),
  }),
});

/** Operator settings that the pages show: one entry, `site`, in `src/content/settings/site.json`. */
const settings = defineCollection({
  loader: file('./src/content/settings/site.json'),
  schema: z.object({
    /** The product's name, shown in titles, the header and mails. */
    productName: z.string().min(1),
    /** One line under the name. */
    tagline: z.string().min(1),
    /** The footer's description paragraph. */
    footerDescription: z.string().min(1),
    /** The Bitcoin address the donation page shows as text and QR code. */
    donationAddress: z
      .string()
      .regex(/^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/, 'must be a Bitcoin mainnet address'),
    /** The community chat invite behind JOIN DISCORD. */
    chatInviteUrl: z.url({ protocol: /^https$/ }),
    /** Name in the copyright line. */
    copyrightHolder: z.string().min(1),
  }),
});

export const collections = { games, about, pages, settings };

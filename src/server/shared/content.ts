import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

/** A catalogue entry, listed or not (`listed: false`, see src/content.config.ts). */
export type CatalogueEntry = CollectionEntry<'games'>;
/** A listed game: the ones the pages show. */
export type Game = CatalogueEntry & { data: Extract<CatalogueEntry['data'], { listed: true }> };
export type SiteSettings = CollectionEntry<'settings'>['data'];

/** The operator's site settings (`src/content/settings/site.json`). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('src/content/settings/site.json must define the "site" entry');
  return entry.data;
}

/** The listed games in catalogue order: what every page shows. */
export async function listGames(): Promise<Game[]> {
  return (await listAllGames()).filter((game): game is Game => game.data.listed);
}

/**
 * Every catalogue game in catalogue order, unlisted ones too: what the play page may frame and the
 * Game API takes runs of.
 */
export async function listAllGames(): Promise<CatalogueEntry[]> {
  const games = await getCollection('games');
  return games.sort((a, b) => a.data.id - b.data.id);
}

/** The About page's founder story and its timeline, oldest milestone first. */
export async function getAboutContent() {
  const entries = await getCollection('about');
  const story = entries.find((e) => e.data.kind === 'story');
  if (!story || story.data.kind !== 'story') throw new Error('src/content/about needs one entry of kind "story"');
  const milestones = entries
    .flatMap((e) => (e.data.kind === 'milestone' ? [{ entry: e, data: e.data }] : []))
    .sort((a, b) => a.data.order - b.data.order);
  return { story: { entry: story, data: story.data }, milestones };
}

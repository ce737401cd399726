// The handbook's pages: Starlight's docs collection (src/content/docs/), each page's frontmatter
// checked by Starlight's schema.
import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
};

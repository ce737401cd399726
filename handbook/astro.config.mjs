// @ts-check
// The handbook: a Starlight site of its own beside the arcade (`npm run docs`, `npm run docs:dev`).
// It shares the repository's node_modules but nothing of the arcade's build: its own root, its own
// content, its own output (handbook/dist/). Search is Starlight's Pagefind index, built with the
// pages; no font, script or style comes from another host, so the built site works offline.
// A link to a page or heading that does not exist fails the build (starlight-links-validator); the
// Game SDK's reference is made from its types (games/sdk/arcade-sdk.d.ts) by starlight-typedoc.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightLinksValidator from 'starlight-links-validator';
import { createStarlightTypeDocPlugin } from 'starlight-typedoc';
import { fileURLToPath } from 'node:url';

/** A path of the repository, whatever folder the build runs from. @param {string} path */
const repo = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const [sdkReference, sdkReferenceSidebar] = createStarlightTypeDocPlugin();

export default defineConfig({
  server: { port: 4340 },
  integrations: [
    starlight({
      title: 'Sats Arcade handbook',
      description: 'Running the Sats Arcade, bringing a game to it, and working on its code.',
      lastUpdated: false,
      pagination: true,
      plugins: [
        // local links are addresses on the reader's own machine (http://localhost:4321), not pages
        starlightLinksValidator({ errorOnRelativeLinks: true, errorOnLocalLinks: false }),
        sdkReference({
          entryPoints: [repo('games/sdk/arcade-sdk.d.ts')],
          tsconfig: repo('handbook/tsconfig.sdk.json'),
          output: 'studios/sdk-reference',
          sidebar: { label: 'Game SDK reference', collapsed: true },
          typeDoc: { name: 'Game SDK reference', entryFileName: 'index', readme: 'none', disableSources: true },
        }),
      ],
      sidebar: [
        { label: 'Start here', items: [{ slug: 'index', label: 'The handbook' }] },
        { label: 'Operators', items: [{ autogenerate: { directory: 'operators' } }] },
        {
          label: 'Studios',
          items: [
            'studios/game-sdk',
            'studios/bring-your-own-game',
            sdkReferenceSidebar,
            'studios/game-api',
            'studios/fair-play',
          ],
        },
        { label: 'Contributors', items: [{ autogenerate: { directory: 'contributors' } }] },
        { label: 'API reference', items: [{ autogenerate: { directory: 'api' } }] },
      ],
    }),
  ],
});

import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR, SECOND } from '~/lib/format';
import { call } from '../support/api';
import { adminAndPlayerOn } from '../support/players';
import { DIALECTS } from '../support/services';
import { tournamentForm } from '../support/tournaments';

/** The faces of src/styles/global.css: two pixel faces (one in two weights) and the data face in two weights. */
const FACES = [
  'press-start-2p-400',
  'pixelify-sans-400',
  'pixelify-sans-700',
  'jetbrains-mono-400',
  'jetbrains-mono-700',
];

/** The font preload links of a page's HTML, as `<link>` tags. */
function fontPreloads(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel="preload"/.test(tag) && /\bas="font"/.test(tag));
}
const hrefOf = (tag: string) => /\bhref="([^"]+)"/.exec(tag)![1]!;

describe.each(DIALECTS)('font preloads on %s', (dialect) => {
  const arcade = adminAndPlayerOn(dialect, ['Font_Admin', 'Font_Fan']);
  let tournamentId: number;

  beforeAll(async () => {
    const now = Math.floor(Date.now() / SECOND) * SECOND;
    const created = await call(arcade.server, '/api/admin/tournaments', {
      body: tournamentForm('Font Cup', 'rekt', now + HOUR, now + 2 * HOUR),
      cookie: arcade.admin.cookie,
    });
    expect(created.status).toBe(201);
    tournamentId = created.json.tournament.id;
  });

  it('the home page preloads every face of the stylesheet, each once, and each is there', async () => {
    const links = fontPreloads((await call(arcade.server, '/')).text);
    expect(links.map((tag) => hrefOf(tag).replace(/^\/_astro\/([a-z0-9-]+)\.[\w-]+\.woff2$/, '$1')).sort()).toEqual(
      [...FACES].sort(),
    );
    for (const tag of links) {
      expect(tag).toMatch(/\btype="font\/woff2"/);
      expect(tag).toMatch(/\bcrossorigin\b/);
      const font = await fetch(arcade.server.url + hrefOf(tag));
      expect(font.status, hrefOf(tag)).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
    }
  });

  it('pages made on demand (shared profiles, results, the admin room) preload the same fonts on a cold visit as the prerendered ones', async () => {
    const home = fontPreloads((await call(arcade.server, '/')).text)
      .map(hrefOf)
      .sort();
    expect(home).toHaveLength(FACES.length);
    const pages: [string, string | undefined][] = [
      ['/about', undefined],
      [`/users/${arcade.player.id}`, undefined],
      [`/tournament/${tournamentId}/results`, undefined],
      ['/users/999999', undefined],
      ['/admin', arcade.admin.cookie],
      ['/admin/tournaments', arcade.admin.cookie],
      ['/admin/avatars', arcade.admin.cookie],
    ];
    for (const [path, cookie] of pages) {
      const page = await call(arcade.server, path, { cookie });
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(fontPreloads(page.text).map(hrefOf).sort(), path).toEqual(home);
    }
  });
});

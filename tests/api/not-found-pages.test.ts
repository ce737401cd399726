import { describe, expect, it } from 'vitest';
import { adminAndPlayerOn } from '../support/players';
import { DIALECTS } from '../support/services';

/** Ids no tournament or player can have, as a person or a crawler types them (as they appear in the address). */
const BAD_IDS = ['abc', '0', '99999999999', '1%27'];

// The on-demand pages with an id in their address answer an unknown or impossible id with a 404
// page that says so, never an empty 500 (the tournament page rewrote to the prerendered /404, which
// cannot be rendered on demand).
describe.each(DIALECTS)('pages for ids that do not exist, against the built server on %s', (dialect) => {
  const arcade = adminAndPlayerOn(dialect);

  async function page(path: string, cookie?: string) {
    const response = await fetch(arcade.server.url + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      location: response.headers.get('location'),
      html: await response.text(),
    };
  }

  it("answers a tournament page's impossible id with the arcade's 404 page, for a player and a visitor alike", async () => {
    for (const id of BAD_IDS) {
      const path = `/tournament/${id}`;
      const shown = await page(path, arcade.player.cookie);
      expect([path, shown.status, shown.type]).toEqual([path, 404, 'text/html; charset=utf-8']);
      expect(shown.html).toContain('<title>404 Page Not Found</title>');
      expect(shown.html).toContain('404 Page Not Found</h1>');
      expect(shown.html).toContain('Did you forget to add the page to the router?');
      expect(shown.html).toContain('Back to Arcade');
      // tournament pages are public (README, "Tournaments"): a visitor gets the same 404 page
      expect(await page(path)).toMatchObject({ status: 404 });
    }
    // a well-formed id still shows the tournament screen
    const real = await page('/tournament/7', arcade.player.cookie);
    expect(real.status).toBe(200);
    expect(real.html).not.toContain('404 Page Not Found');
  });

  it('answers the other pages with an id in their address with a 404 page of their own, signed in and out', async () => {
    const pages: [string, string][] = [
      ['/users/{id}', 'This user profile does not exist or has been removed.'],
      ['/tournament/{id}/results', 'The requested tournament could not be found.'],
      ['/tournament/{id}/payouts', 'The requested tournament could not be found.'],
    ];
    for (const id of [...BAD_IDS, '424242']) {
      for (const [pattern, text] of pages) {
        const path = pattern.replace('{id}', id);
        for (const cookie of [undefined, arcade.player.cookie, arcade.admin.cookie]) {
          const shown = await page(path, cookie);
          expect([path, shown.status, shown.type]).toEqual([path, 404, 'text/html; charset=utf-8']);
          expect(shown.html).toContain(text);
        }
      }
      const winners = `/admin/tournaments/${id}/winners`;
      const shown = await page(winners, arcade.admin.cookie);
      expect([winners, shown.status, shown.type]).toEqual([winners, 404, 'text/html; charset=utf-8']);
      expect(shown.html).toContain('Tournament ID not found.');
      for (const cookie of [undefined, arcade.player.cookie])
        expect(await page(winners, cookie)).toMatchObject({ status: 302, location: '/' });
    }
    // any other address: the prerendered 404 page
    const unknown = await page('/no-such-page', arcade.player.cookie);
    expect([unknown.status, unknown.html.includes('Did you forget to add the page to the router?')]).toEqual([
      404,
      true,
    ]);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxName } from '~/server/mail/mailer';
import { call } from '../support/api';
import { adminAndPlayerOn, signUpPlayer } from '../support/players';
import { DIALECTS } from '../support/services';

// New-game mails over HTTP (README, "New-game mails"): the admin's announcement, the background
// sending, and the one-click unsubscribe page.

/** The new-game mails in the development outbox to `to`. */
function newGameMails(dataDir: string, to: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(`-${outboxName(to)}.txt`))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((text) => /^Subject: New in /m.test(text));
}

describe.each(DIALECTS)('new-game announcements against the built server on %s', (dialect) => {
  const arcade = adminAndPlayerOn(dialect, ['Mail_Admin', 'Mail_Player']);

  it('only an administrator announces, a listed game, once; every subscriber gets one mail, and its link unsubscribes', async () => {
    const { server, admin, player } = arcade;
    const fan = await signUpPlayer(server, 'Mail_Fan');
    expect(
      (
        await call(server, '/api/account/notify-new-games', {
          method: 'PUT',
          body: { wanted: true },
          cookie: fan.cookie,
        })
      ).status,
    ).toBe(200);

    const announce = (gameId: unknown, cookie?: string) =>
      call(server, '/api/admin/announcements', { body: { gameId }, cookie });
    expect((await announce('rekt')).status).toBe(401);
    expect((await announce('rekt', player.cookie)).status).toBe(403);
    expect(await announce('', admin.cookie)).toMatchObject({
      status: 400,
      json: { error: 'Choose the game to announce.' },
    });
    expect(await announce('tetris', admin.cookie)).toMatchObject({
      status: 404,
      json: { error: 'There is no listed game "tetris" to announce.' },
    });
    expect(await announce('mr-quiz', admin.cookie)).toMatchObject({
      status: 201,
      json: { recipients: 1, message: 'Mr Quiz is announced: 1 mail queued, sent in the background.' },
    });
    expect(await announce('mr-quiz', admin.cookie)).toMatchObject({
      status: 409,
      json: { error: 'Mr Quiz was announced already: each game is announced once.' },
    });

    // Sent in the background, starting at once: wait for the mail, then for the count to say so.
    await expect.poll(() => newGameMails(server.dataDir, 'mail_fan@example.com').length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(
        async () => (await call(server, '/api/admin/announcements', { cookie: admin.cookie })).json.announcements[0],
        {
          timeout: 30_000,
        },
      )
      .toMatchObject({ gameId: 'mr-quiz', queued: 1, sent: 1, givenUp: 0 });
    expect(newGameMails(server.dataDir, 'mail_player@example.com')).toEqual([]);
    const mail = newGameMails(server.dataDir, 'mail_fan@example.com')[0]!;
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)![1]!;
    expect(mail).toContain(`Unsubscribe with one click: ${link}`);
    const path = link.slice(link.indexOf('/unsubscribe'));

    // Opening the link changes nothing (mail scanners open links); its button does.
    const page = await fetch(server.url + path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('UNSUBSCRIBE');
    expect((await call(server, '/api/account', { cookie: fan.cookie })).json.notifyNewGames).toBe(true);
    // A forged key: 400, nothing changes.
    const forged = await fetch(server.url + path.replace(/k=[^&]+/, 'k=forged'), { method: 'POST' });
    expect(forged.status).toBe(400);
    expect((await call(server, '/api/account', { cookie: fan.cookie })).json.notifyNewGames).toBe(true);
    // The mail program's one-click POST (RFC 8058), from no origin of the arcade's.
    const done = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("you won't get e-mails about new games any more");
    expect((await call(server, '/api/account', { cookie: fan.cookie })).json.notifyNewGames).toBe(false);
  });
});

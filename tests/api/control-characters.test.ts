import { describe, expect, it } from 'vitest';
import { HOUR, SECOND } from '~/lib/format';
import { call, type CallResult } from '../support/api';
import { postSignedRun } from '../support/fair-play';
import { adminAndPlayerOn, gameTokenFor, signUpPlayer, submitRun } from '../support/players';
import { DIALECTS } from '../support/services';
import { localUtc, tournamentForm } from '../support/tournaments';

const NUL = 'a\u0000b';
const ADDRESS = 'This address is not valid: it holds a control character (such as %00 or %0A).';
const lines = (field: string) => `${field} cannot hold control characters such as NUL (line breaks and tabs are fine)`;

// PostgreSQL cannot store NUL (a 500 there) and SQLite stored it: both refuse control characters
// alike, with a 400 that says so; text of several lines keeps its line breaks and tabs.
describe.each(DIALECTS)('control characters in addresses and text, against the built server on %s', (dialect) => {
  const arcade = adminAndPlayerOn(dialect);
  const errorOf = (r: CallResult) => [r.status, r.json?.error];

  it('refuses an address with a control character in a path parameter or the query (400), whoever asks', async () => {
    const bearer = {
      authorization: `Bearer ${await gameTokenFor(arcade.server, arcade.player.cookie, 'mr-quiz')}`,
    };
    const ANSWER = { question: 0, choice: 1, ms: 2000 };
    expect(
      errorOf(
        await call(arcade.server, '/api/games/mr-quiz/runs/a%00b/answers', {
          body: ANSWER,
          headers: bearer,
          noOrigin: true,
        }),
      ),
    ).toEqual([400, ADDRESS]);
    for (const path of [
      '/api/achievements/player/a%00b',
      '/api/users/1%00/profile',
      '/api/assets/avatars/a%00.png',
      '/tournament/1%0A',
      '/api/leaderboards/rekt?country=D%00E',
      '/api/admin/audit-log?tournamentId=%001',
    ]) {
      for (const cookie of [undefined, arcade.admin.cookie])
        expect(errorOf(await call(arcade.server, path, { cookie })), path).toEqual([400, ADDRESS]);
    }
    // the same addresses without the control character answer as ever
    expect((await call(arcade.server, `/api/achievements/player/${arcade.player.username}`)).status).toBe(200);
    expect(
      (
        await call(arcade.server, '/api/games/mr-quiz/runs/ab/answers', {
          body: ANSWER,
          headers: bearer,
          noOrigin: true,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses control characters in avatar and tournament text, keeping line breaks and tabs', async () => {
    // The server's tournaments are shared with the other tests: this one counts what it adds to them.
    const tournamentIds = async () => {
      const listed = await call(arcade.server, '/api/admin/tournaments', { cookie: arcade.admin.cookie });
      return (listed.json.tournaments as { id: number }[]).map((t) => t.id);
    };
    const before = await tournamentIds();
    const avatar = (description: string) =>
      call(arcade.server, '/api/admin/avatar-collection', {
        cookie: arcade.admin.cookie,
        body: { name: `Night Owl ${dialect}`, description },
      });
    expect(errorOf(await avatar(NUL))).toEqual([400, lines('The description')]);
    expect(errorOf(await avatar('bell\u0007'))).toEqual([400, lines('The description')]);
    const made = await avatar('Stays up late.\nHodls\tall night.');
    expect(made.status).toBe(201);
    expect(made.json.avatar.description).toBe('Stays up late.\nHodls\tall night.');
    expect(
      errorOf(
        await call(arcade.server, `/api/admin/avatar-collection/${made.json.avatar.id}`, {
          method: 'PUT',
          cookie: arcade.admin.cookie,
          body: { description: NUL },
        }),
      ),
    ).toEqual([400, lines('The description')]);

    const now = Math.floor(Date.now() / SECOND) * SECOND;
    const tournament = (extra: object) =>
      call(arcade.server, '/api/admin/tournaments', {
        cookie: arcade.admin.cookie,
        body: { ...tournamentForm('Text Cup', 'rekt', now + HOUR, now + 2 * HOUR), ...extra },
      });
    expect(errorOf(await tournament({ description: NUL }))).toEqual([400, lines('description')]);
    expect(errorOf(await tournament({ reportContent: `# Recap\n\n${NUL}` }))).toEqual([400, lines('reportContent')]);
    expect(errorOf(await tournament({ name: NUL }))).toEqual([
      400,
      'name cannot hold control characters or text-direction marks',
    ]);
    expect(
      errorOf(
        await call(arcade.server, '/api/admin/tournaments/preview-report', {
          cookie: arcade.admin.cookie,
          body: { markdown: NUL },
        }),
      ),
    ).toEqual([400, lines('The report')]);
    const created = await tournament({ description: 'Line one\nline two', reportContent: '# Recap\n\n\tcode\n' });
    expect(created.status).toBe(201);
    expect(created.json.tournament).toMatchObject({
      description: 'Line one\nline two',
      reportContent: '# Recap\n\n\tcode\n',
    });
    // the refused forms made nothing: the one tournament added is this one
    const after = await tournamentIds();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((id) => !before.includes(id))).toEqual([created.json.tournament.id]);
  });

  it('refuses control characters in a prize payment proof and in what a game reports', async () => {
    // a player of its own wins the prize, so the shared player's runs stay as the other tests left them
    const winner = await signUpPlayer(arcade.server, 'Proof_Winner');
    expect((await submitRun(arcade.server, winner, `nul-${dialect}`, 900)).status).toBe(201);
    // a tournament over that run, ended a moment later, with a bitcoin prize for first place
    const end = Math.ceil((Date.now() + SECOND) / SECOND) * SECOND;
    const created = await call(arcade.server, '/api/admin/tournaments', {
      cookie: arcade.admin.cookie,
      body: {
        ...tournamentForm('Proof Cup', 'rekt', end - HOUR, end, { firstPlaceSats: 1000 }),
        startDate: localUtc(end - HOUR),
        endDate: localUtc(end),
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.tournament.id as number;
    await new Promise((r) => setTimeout(r, Math.max(0, end + 100 - Date.now())));
    expect(
      (
        await call(arcade.server, `/api/admin/tournaments/${id}/process-winners`, {
          cookie: arcade.admin.cookie,
          body: {},
        })
      ).status,
    ).toBe(200);
    // the player's first bitcoin prize, read from the winners the admin sees
    const prizeOf = async () =>
      (
        (await call(arcade.server, `/api/admin/tournaments/${id}/winners`, { cookie: arcade.admin.cookie })).json
          .winners as { userId: number; bitcoinPrizes: { id: number }[] }[]
      ).find((w) => w.userId === winner.id)!.bitcoinPrizes[0]!;
    const prize = (await prizeOf()).id;

    const distribute = (paymentProof: string) =>
      call(arcade.server, `/api/admin/tournaments/prizes/${prize}/distribute`, {
        cookie: arcade.admin.cookie,
        body: { paymentProof },
      });
    expect(errorOf(await distribute(NUL))).toEqual([400, lines('The payment proof')]);
    expect(
      errorOf(
        await call(arcade.server, `/api/admin/tournaments/prizes/${prize}/status`, {
          method: 'PUT',
          cookie: arcade.admin.cookie,
          body: { status: 'sent', paymentProof: NUL },
        }),
      ),
    ).toEqual([400, lines('The payment proof')]);
    expect(
      errorOf(
        await call(arcade.server, `/api/admin/tournaments/${id}/bulk-distribute-avatar`, {
          cookie: arcade.admin.cookie,
          body: { avatarId: NUL },
        }),
      ),
    ).toEqual([400, 'avatarId cannot hold control characters or text-direction marks']);
    expect((await distribute('preimage 3f2a\npaid by phone')).status).toBe(200);
    const sent = await prizeOf();
    expect(sent).toMatchObject({ distributionStatus: 'sent', paymentProof: 'preimage 3f2a\npaid by phone' });

    const run = (extra: object) =>
      postSignedRun(arcade.server, winner.gameToken, 'rekt', {
        runId: `nul-${dialect}-2`,
        score: 10,
        level: 1,
        ...extra,
      });
    expect(errorOf(await run({ achievements: { [NUL]: true } }))).toEqual([
      400,
      'Achievement names cannot hold control characters or text-direction marks',
    ]);
    expect(errorOf(await run({ fish: [{ name: NUL, points: 1, weight: 1, quality: 1 }] }))).toEqual([
      400,
      'Fish names cannot hold control characters or text-direction marks',
    ]);
  });
});

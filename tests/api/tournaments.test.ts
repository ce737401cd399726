import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { HOUR, MINUTE, SECOND } from '~/lib/format';
import { call, type CallResult } from '../support/api';
import { arcadeWithPlayers, submitRun, type ApiPlayer } from '../support/players';
import type { RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';
import { tournamentForm } from '../support/tournaments';

const REPORT = `# Final standings

**Ana** won. <script>alert('x')</script><b onmouseover="steal()">raw html</b>

[safe](https://example.com/recap) [chat](ircs://irc.example.org/arcade) [evil](javascript:alert(1)) [data](data:text/html,hi)

![their image](https://tracker.example/pixel.gif) ![our image](/api/assets/tournament/cup.png)

| Rank | Player |
|------|--------|
| 1    | Ana    |

\`\`\`ts
const winner: string = 'Ana';
\`\`\`
`;

describe.each(DIALECTS)('tournament API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let ana: ApiPlayer;
  const now = () => Math.floor(Date.now() / SECOND) * SECOND;
  const create = (body: object) => call(server, '/api/admin/tournaments', { body, cookie: admin.cookie });
  const errorOf = (r: CallResult) => [r.status, r.json?.error];

  /** The built server on a fresh database, with its administrator (user 1) and two players, Ana and Ben. */
  async function openArcade() {
    const { server: opened, players } = await arcadeWithPlayers(dialect, ['Admin_One', 'Ana', 'Ben']);
    return { server: opened, admin: players[0]!, ana: players[1]!, ben: players[2]! };
  }

  // The arcade the tests share: each makes tournaments of its own names there, and none of them
  // asserts on every tournament the arcade holds.
  beforeAll(async () => {
    ({ server, admin, ana } = await openArcade());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps every admin tournament call to administrators: 401 signed out, 403 for players', async () => {
    const body = tournamentForm('Nope', 'rekt', now(), now() + HOUR);
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/tournaments'],
      ['POST', '/api/admin/tournaments', body],
      ['GET', '/api/admin/tournaments/1'],
      ['PUT', '/api/admin/tournaments/1', body],
      ['DELETE', '/api/admin/tournaments/1'],
    ];
    for (const [method, path, payload] of calls) {
      expect(errorOf(await call(server, path, { method, body: payload })), `${method} ${path}`).toEqual([
        401,
        'Please sign in first.',
      ]);
      expect(
        errorOf(await call(server, path, { method, body: payload, cookie: ana.cookie })),
        `${method} ${path}`,
      ).toEqual([403, 'Only administrators can do that.']);
    }
  });

  it('refuses every bad field of the form with a clear 400', async () => {
    const listed = async () =>
      (await call(server, '/api/admin/tournaments', { cookie: admin.cookie })).json.tournaments as unknown[];
    // The other tests' tournaments may be there already: a refused form adds none to them.
    const before = await listed();
    const start = now();
    const good = tournamentForm('Good', 'rekt', start, start + HOUR);
    const cases: [object, string][] = [
      [{ endDate: tournamentForm('x', 'rekt', start, start - MINUTE).endDate }, 'endDate must be after startDate'],
      [{ gameId: 'tetris' }, 'Unknown game "tetris". Games: fishing-for-sats, rekt, mr-quiz.'],
      [
        { rewards: JSON.stringify({ avatarRewards: [{ avatarId: 'ghost-rider', eligibility: 'top_3' }] }) },
        'Unknown avatar "ghost-rider": choose one from the avatar collection.',
      ],
      [{ rewards: JSON.stringify({ firstPlaceSats: -5 }) }, 'firstPlaceSats cannot be negative'],
      [
        { rewards: JSON.stringify({ randomParticipantSats: 0.5 }) },
        'randomParticipantSats must be a whole number of sats',
      ],
      [
        { rewards: JSON.stringify({ avatarRewards: [{ avatarId: 'laser-eyes', eligibility: 'everyone' }] }) },
        'eligibility must be one of first_place, top_3, top_5, top_10, all_players',
      ],
      [{ rewards: 'firstPlaceSats=100' }, 'rewards is not valid JSON'],
      [{ name: '' }, 'name is required'],
      [
        { startDate: '01/05/2026 10:00' },
        'startDate must be a real local date and time like 2026-05-01T18:00 (seconds allowed)',
      ],
      [
        { timezoneOffset: '1e3' },
        'timezoneOffset must be whole minutes, like "-120" (the browser\'s getTimezoneOffset())',
      ],
    ];
    for (const [change, message] of cases) {
      const refused = await create({ ...good, ...change });
      expect(errorOf(refused), JSON.stringify(change)).toEqual([400, message]);
    }
    expect(await listed()).toEqual(before);
    expect(errorOf(await call(server, '/api/admin/tournaments/abc', { cookie: admin.cookie }))).toEqual([
      400,
      'The tournament id must be a positive whole number.',
    ]);
    expect(
      errorOf(await call(server, '/api/admin/tournaments/4242', { method: 'PUT', body: good, cookie: admin.cookie })),
    ).toEqual([404, 'Tournament not found.']);
  });

  it('creates, lists, edits and deletes tournaments; runs enter the featured board; the public calls answer', async () => {
    // An arcade of its own: this test states everything the arcade holds (nothing featured at first,
    // each status's list, the admin list), which the other tests' tournaments would add to.
    const { server, admin, ana, ben } = await openArcade();
    onTestFinished(() => server.stop());
    const create = (body: object) => call(server, '/api/admin/tournaments', { body, cookie: admin.cookie });
    expect((await call(server, '/api/tournaments/featured')).json).toBeNull();
    const t = now();
    // the browser sends local times: here UTC+2 (getTimezoneOffset() = -120)
    const local = (ms: number) => new Date(ms + 2 * HOUR).toISOString().slice(0, 16);
    const created = await create({
      ...tournamentForm('Spring Cup', 'rekt', 0, 0, {
        firstPlaceSats: 5000,
        secondToFifthSats: 500,
        randomParticipantSats: 100,
        avatarRewards: [{ avatarId: 'laser-eyes', eligibility: 'first_place' }],
      }),
      startDate: local(t - HOUR),
      endDate: local(t + HOUR),
      timezoneOffset: '-120',
      imageFilename: 'spring-cup.png',
      reportContent: REPORT,
    });
    expect(created.status).toBe(201);
    const id = created.json.tournament.id as number;
    expect(created.json).toMatchObject({
      message: 'Tournament "Spring Cup" created.',
      tournament: {
        name: 'Spring Cup',
        gameId: 'rekt',
        status: 'active',
        participantCount: 0,
        imageUrl: '/api/assets/tournament/spring-cup.png',
        imageFilename: 'spring-cup.png',
      },
    });
    expect(Date.parse(created.json.tournament.startDate)).toBe(Math.floor((t - HOUR) / MINUTE) * MINUTE);
    const upcoming = await create(tournamentForm('Summer Cup', 'fishing-for-sats', t + 2 * HOUR, t + 3 * HOUR));
    const past = await create(tournamentForm('Winter Cup', 'rekt', t - 3 * HOUR, t - 2 * HOUR));

    // a run through the Game API enters the active tournament
    expect((await submitRun(server, ana, 'a1', 300)).status).toBe(201);
    expect((await submitRun(server, ben, 'b2', 300)).status).toBe(201);
    expect((await submitRun(server, ben, 'b3', 200)).status).toBe(201);

    const featured = await call(server, '/api/tournaments/featured');
    expect(featured.json).toMatchObject({
      id,
      name: 'Spring Cup',
      status: 'active',
      participantCount: 2,
      rewards: {
        totalPrizePool: 7100,
        prizeDistribution: { '1': 5000, '2-5': 500, random: 100 },
        avatarRewards: [
          { avatarId: 'laser-eyes', avatarName: 'Laser Eyes', imageUrl: '/api/assets/avatars/laser-eyes.png' },
        ],
      },
      hasReport: true,
    });
    expect(featured.json.startTime).toBe(featured.json.startDate);

    const board = await call(server, `/api/tournaments/${id}/leaderboard?page=1&limit=1`);
    expect(board.json).toMatchObject({
      entries: [{ rank: 1, username: 'Ana', score: 300, level: 1 }],
      pagination: { page: 1, limit: 1, hasMore: true, totalPlayers: 2 },
    });
    expect((await call(server, `/api/tournaments/${id}/leaderboard?page=2&limit=1`)).json.entries).toMatchObject([
      { rank: 2, username: 'Ben', score: 300 },
    ]);
    expect(errorOf(await call(server, `/api/tournaments/${id}/leaderboard?page=0`))).toEqual([
      400,
      'page must be a whole number from 1 to 100000',
    ]);
    expect(errorOf(await call(server, `/api/tournaments/${id}/user-rank`))).toEqual([401, 'Sign in to see your rank.']);
    expect((await call(server, `/api/tournaments/${id}/user-rank`, { cookie: ben.cookie })).json).toEqual({
      rank: 2,
      score: 300,
      fishCaught: 0,
      level: 1,
      totalPlayers: 2,
      page: 1,
    });

    const names = async (status: string) =>
      (await call(server, `/api/tournaments?status=${status}`)).json.tournaments.map((x: { name: string }) => x.name);
    expect(await names('active')).toEqual(['Spring Cup']);
    expect(await names('upcoming')).toEqual(['Summer Cup']);
    expect(await names('past')).toEqual(['Winter Cup']);
    expect(errorOf(await call(server, '/api/tournaments?status=soon'))).toEqual([
      400,
      'status must be upcoming, active or past',
    ]);
    expect((await call(server, `/api/tournaments/${past.json.tournament.id}`)).json).toMatchObject({
      name: 'Winter Cup',
      status: 'past',
      participantCount: 0,
      prizeAwards: [],
    });
    expect(errorOf(await call(server, '/api/tournaments/999'))).toEqual([404, 'Tournament not found.']);
    expect(errorOf(await call(server, '/api/tournaments/x1'))).toEqual([
      400,
      'The tournament id must be a positive whole number.',
    ]);

    // First in the running Spring Cup: her best finish so far, on the dashboard's call and on her profile alike.
    expect((await call(server, `/api/user/${ana.id}/tournament-participation`)).json).toEqual({
      tournamentCount: 1,
      bestFinish: 1,
      bestFinishLive: true,
    });
    expect(errorOf(await call(server, '/api/user/999/tournament-participation'))).toEqual([404, 'User not found']);
    expect((await call(server, `/api/users/${ana.id}/profile`)).json.tournamentStats).toMatchObject({
      totalParticipations: 1,
      bestFinish: 1,
      recentTournaments: [{ tournamentName: 'Spring Cup', rank: 1, score: 300 }],
    });

    // the admin list: status and participantCount
    const list = (await call(server, '/api/admin/tournaments', { cookie: admin.cookie })).json.tournaments;
    expect(
      list.map((x: { name: string; status: string; participantCount: number }) => [
        x.name,
        x.status,
        x.participantCount,
      ]),
    ).toEqual([
      ['Summer Cup', 'upcoming', 0],
      ['Spring Cup', 'active', 2],
      ['Winter Cup', 'past', 0],
    ]);
    // an edit that moves Summer Cup to REKT! over the runs already played: its board is rebuilt from them
    const edited = await call(server, `/api/admin/tournaments/${upcoming.json.tournament.id}`, {
      method: 'PUT',
      body: tournamentForm('Summer Cup II', 'rekt', t - HOUR, t + 4 * HOUR, {}, { reportContent: '' }),
      cookie: admin.cookie,
    });
    expect(edited.json).toMatchObject({
      message: 'Tournament "Summer Cup II" updated.',
      tournament: { name: 'Summer Cup II', gameId: 'rekt', status: 'active', participantCount: 2, hasReport: false },
    });
    expect(
      (await call(server, `/api/admin/tournaments/${upcoming.json.tournament.id}`, { cookie: admin.cookie })).json
        .tournament.name,
    ).toBe('Summer Cup II');
    const removed = await call(server, `/api/admin/tournaments/${past.json.tournament.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(removed.json).toEqual({ message: 'Tournament "Winter Cup" deleted.' });
    expect((await call(server, `/api/tournaments/${past.json.tournament.id}`)).status).toBe(404);
  });

  it('renders the report on the server, sanitised: no script, no raw HTML, no javascript: links, only our own images', async () => {
    const t = now();
    const made = await create(
      tournamentForm('Report Cup', 'mr-quiz', t - 2 * HOUR, t - HOUR, {}, { reportContent: REPORT }),
    );
    const report = await call(server, `/api/tournaments/${made.json.tournament.id}/report`);
    expect(report.status).toBe(200);
    expect(report.json.tournamentName).toBe('Report Cup');
    expect(report.json.reportContent).toBe(REPORT);
    const html = report.json.reportHtml as string;
    expect(html).toContain('<h1>Final standings</h1>');
    expect(html).toContain('<strong>Ana</strong> won.');
    expect(html).not.toMatch(/<script|<b\b|onmouseover|javascript:|data:text/i);
    expect(html).toContain('<a href="https://example.com/recap" rel="nofollow noopener noreferrer">safe</a>');
    expect(html).toContain('<a href="ircs://irc.example.org/arcade" rel="nofollow noopener noreferrer">chat</a>');
    expect(html).toContain('<a>evil</a>');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('their image');
    expect(html).toContain('<img src="/api/assets/tournament/cup.png" alt="our image">');
    expect(html).toMatch(/<table>[\s\S]*<td>Ana<\/td>/);
    expect(html).toMatch(/<pre class="shiki github-dark"[^>]*><code><span class="line">/);
    const empty = await create(tournamentForm('Quiet Cup', 'rekt', t - 2 * HOUR, t - HOUR));
    expect((await call(server, `/api/tournaments/${empty.json.tournament.id}/report`)).json).toEqual({
      tournamentName: 'Quiet Cup',
      reportContent: '',
      reportHtml: '',
    });
  });
});

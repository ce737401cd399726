import { setImmediate as nextTurn } from 'node:timers/promises';
import { iso } from '~/lib/dates';
import type { Services } from '../context';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { AppError } from '../shared/errors';
import { hit, LIMITS } from '../shared/rate-limit';
import { Slots } from '../shared/slots';

/** Raise when the export gains or loses a part, so a reader can tell which shape a file has. */
export const ACCOUNT_EXPORT_VERSION = 1;

/**
 * Runs read and written per step: some tens of kilobytes of file, about a millisecond of the event
 * loop, so other requests never wait long; and short-lived strings the young generation frees at
 * once (one of a larger page would sit in the old generation until a full collection).
 */
export const EXPORT_RUNS_PAGE = 50;
/** Data downloads one process prepares at once; more are refused (503) until one ends. */
export const EXPORTS_AT_ONCE = 2;
/** The 503 when {@link EXPORTS_AT_ONCE} downloads are under way. */
export const EXPORTS_BUSY_MESSAGE =
  'Other players’ data downloads are being prepared right now. Please try again in a minute.';
/** Seconds the 503 asks to wait (`Retry-After`). */
export const EXPORTS_BUSY_RETRY_SECONDS = 60;
/** A reader that takes nothing for this long loses the download, and its place goes to the next. */
export const EXPORT_STALL_MS = 60_000;

const downloads = new Slots(EXPORTS_AT_ONCE);

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A run's place in its game's part of the export: its time, then its id. */
type RunKey = { created_at: number; id: number };

/**
 * One page of `userId`'s runs in `gameId` after `after`, in (time, id) order: one short range of an
 * index that holds that order (`runs_user_game` and its rowid on SQLite, `runs_user_game_time` on
 * PostgreSQL: migration 0017), whatever the page's number.
 */
function runsPage(db: Db, userId: number, gameId: string, after: RunKey | null) {
  let query = db
    .selectFrom('runs')
    .select([
      'id',
      'run_id',
      'game_id',
      'score',
      'level',
      'fish_count',
      'fish_json',
      'achievements_json',
      'verified',
      'created_at',
      'hidden_at',
    ])
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId);
  if (after)
    query = query
      .where('created_at', '>=', after.created_at)
      .where((eb) => eb.or([eb('created_at', '>', after.created_at), eb('id', '>', after.id)]));
  return query.orderBy('created_at').orderBy('id').limit(EXPORT_RUNS_PAGE).execute();
}

type RunRow = Awaited<ReturnType<typeof runsPage>>[number];

const runOf = (r: RunRow) => ({
  runId: r.run_id,
  gameId: r.game_id,
  score: Number(r.score),
  level: r.level,
  fishCount: r.fish_count,
  fish: parse(r.fish_json),
  achievements: parse(r.achievements_json),
  verified: Number(r.verified) === 1,
  createdAt: iso(r.created_at),
  hiddenAt: iso(r.hidden_at),
});

/** Everything but the runs: each part bounded (sessions, prizes, the last 50 quizzes…), read at once. */
async function smallParts(db: Db, user: UserRow, now: number) {
  const id = user.id;
  const [sessions, stats, achievements, avatars, entries, prizes, audit, quizzes] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', id)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('game_stats').selectAll().where('user_id', '=', id).orderBy('game_id').execute(),
    db
      .selectFrom('user_achievements')
      .select(['name', 'unlocked_at'])
      .where('user_id', '=', id)
      .orderBy('unlocked_at')
      .execute(),
    db
      .selectFrom('player_avatars as p')
      .leftJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
      .select(['p.avatar_id', 'a.name', 'p.source', 'p.acquired_at'])
      .where('p.user_id', '=', id)
      .orderBy('p.acquired_at')
      .execute(),
    db
      .selectFrom('tournament_entries as e')
      .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
      .select([
        'e.tournament_id',
        't.name',
        'e.runs',
        'e.best_score',
        'e.best_level',
        'e.best_reached_at',
        'e.entered_at',
      ])
      .where('e.user_id', '=', id)
      .orderBy('e.entered_at')
      .execute(),
    db
      .selectFrom('prize_awards as p')
      .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
      .select([
        'p.id',
        'p.tournament_id',
        't.name',
        'p.prize_type',
        'p.prize_value',
        'p.avatar_id',
        'p.award_reason',
        'p.status',
        'p.created_at',
        'p.sent_at',
        'p.payout_state',
        'p.payout_hash',
        'p.payout_preimage',
        'p.payout_invoice',
        'p.payout_paid_at',
      ])
      .where('p.user_id', '=', id)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute(),
    // What administrators did about this player: their account (a ban), their runs (hidden) and
    // their prizes (payments included).
    db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'target_type', 'target_id', 'tournament_id', 'created_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', String(id))]),
          eb.and([
            eb('target_type', '=', 'run'),
            eb(
              'target_id',
              'in',
              db
                .selectFrom('runs')
                .select((r) => r.cast<string>('id', 'varchar(200)').as('id'))
                .where('user_id', '=', id),
            ),
          ]),
          eb.and([
            eb('target_type', '=', 'prize'),
            eb(
              'target_id',
              'in',
              db
                .selectFrom('prize_awards')
                .select((p) => p.cast<string>('id', 'varchar(200)').as('id'))
                .where('user_id', '=', id),
            ),
          ]),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    // Mr Quiz's memory of the questions they were asked (their last 50 quizzes).
    db
      .selectFrom('quiz_history')
      .select(['asked_at', 'question_keys'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  const before = {
    format: 'sats-arcade-account-export',
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    account: {
      id,
      username: user.username,
      email: user.email,
      country: user.country,
      createdAt: iso(user.created_at),
      lastSeenAt: iso(user.last_seen_at),
      countryChangedAt: iso(user.country_changed_at),
      activeAvatarId: user.active_avatar_id,
      avatarChangedAt: iso(user.avatar_changed_at),
      notifyNewGamesSince: iso(user.notify_new_games_at),
      lightningAddress: user.lightning_address,
    },
    sessions: sessions.map((s) => ({
      createdAt: iso(s.created_at),
      lastUsedAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
    })),
  };
  const after = {
    gameStats: stats.map((g) => ({
      gameId: g.game_id,
      plays: g.plays,
      bestScore: Number(g.best_score),
      bestLevel: g.best_level,
      totalScore: Number(g.total_score),
      bestReachedAt: iso(g.best_reached_at),
      lastPlayedAt: iso(g.last_played_at),
    })),
    achievements: achievements.map((a) => ({ name: a.name, unlockedAt: iso(a.unlocked_at) })),
    avatars: avatars.map((a) => ({
      avatarId: a.avatar_id,
      name: a.name,
      source: a.source,
      acquiredAt: iso(a.acquired_at),
    })),
    tournaments: entries.map((e) => ({
      tournamentId: e.tournament_id,
      name: e.name,
      runs: e.runs,
      bestScore: Number(e.best_score),
      bestLevel: e.best_level,
      bestReachedAt: iso(e.best_reached_at),
      enteredAt: iso(e.entered_at),
    })),
    prizes: prizes.map((p) => ({
      prizeId: p.id,
      tournamentId: p.tournament_id,
      tournamentName: p.name,
      type: p.prize_type,
      sats: Number(p.prize_value),
      avatarId: p.avatar_id,
      reason: p.award_reason,
      status: p.status,
      awardedAt: iso(p.created_at),
      sentAt: iso(p.sent_at),
      lightning:
        p.payout_state === 'sent'
          ? {
              paymentHash: p.payout_hash,
              preimage: p.payout_preimage,
              invoice: p.payout_invoice,
              paidAt: iso(p.payout_paid_at),
            }
          : null,
    })),
    quizzes: quizzes.map((q) => ({ askedAt: iso(q.asked_at), questions: q.question_keys.split(' ') })),
    auditLog: audit.map((a) => ({
      action: a.action,
      by: a.actor_name,
      target: `${a.target_type} ${a.target_id ?? ''}`.trim(),
      tournamentId: a.tournament_id,
      at: iso(a.created_at),
    })),
  };
  return { before, after };
}

/**
 * The text of `GET /api/account/export`, piece by piece: everything the arcade keeps about the
 * player (README, "Your data"), one JSON document (`format`, `version`, then the account, its
 * sessions (when they began, were last used and end; never their secrets), every run, the per-game
 * statistics, unlocked achievements, avatars owned, tournament entries, prizes (with their
 * Lightning payment proof), the Mr Quiz questions they were asked lately, and the audit entries
 * about them (their account, runs and prizes)). Only their own rows: every read is by their user
 * id, and nothing of another player is joined in but a tournament's or an avatar's name.
 *
 * The runs, the only part without a bound (an account may hold hundreds of thousands), are read
 * {@link EXPORT_RUNS_PAGE} at a time, one per line, with a turn of the event loop between pages,
 * so the memory used stays that of a page and other requests are answered meanwhile.
 */
export async function* accountExportText(db: Db, user: UserRow, now = Date.now()): AsyncGenerator<string> {
  const { before, after } = await smallParts(db, user, now);
  // The same document JSON.stringify(…, null, 2) would write, the runs one a line.
  yield `${JSON.stringify(before, null, 2).slice(0, -2)},\n  "runs": [`;
  const games = await db
    .selectFrom('runs')
    .select('game_id')
    .distinct()
    .where('user_id', '=', user.id)
    .orderBy('game_id')
    .execute();
  let separator = '\n    ';
  for (const { game_id } of games) {
    let last: RunKey | null = null;
    for (;;) {
      await nextTurn();
      const page: RunRow[] = await runsPage(db, user.id, game_id, last);
      if (!page.length) break;
      yield separator + page.map((r) => JSON.stringify(runOf(r))).join(',\n    ');
      separator = ',\n    ';
      const end = page.at(-1)!;
      last = { created_at: end.created_at, id: end.id };
      if (page.length < EXPORT_RUNS_PAGE) break;
    }
  }
  yield `${games.length ? '\n  ' : ''}],\n${JSON.stringify(after, null, 2).slice(2)}\n`;
}

/** `waiting`, or a failure once {@link EXPORT_STALL_MS} pass first. */
async function withinStall(waiting: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the reader took nothing for a minute')), EXPORT_STALL_MS);
  });
  try {
    await Promise.race([waiting, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Open the signed-in player's data download (`GET /api/account/export`) as a stream of bytes.
 * Refused with a 503 (`Retry-After`) while {@link EXPORTS_AT_ONCE} are being prepared in this
 * process, and with a 429 past `LIMITS.exportPerAccount`. The place is given back when the file
 * ends, fails or the player hangs up. `drained`, when the server gives it, waits until the
 * connection has taken what was written, so a slow reader never makes the file pile up in memory.
 */
export async function openAccountExport(
  services: Pick<Services, 'db'>,
  user: UserRow,
  { drained, now = Date.now() }: { drained?: () => Promise<void>; now?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const release = downloads.take();
  if (!release) throw new AppError(503, EXPORTS_BUSY_MESSAGE, { 'Retry-After': String(EXPORTS_BUSY_RETRY_SECONDS) });
  try {
    await hit(services.db, `export:user:${user.id}`, LIMITS.exportPerAccount, now);
  } catch (error) {
    release();
    throw error;
  }
  const text = accountExportText(services.db, user, now);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (drained) await withinStall(drained());
          const { value, done } = await text.next();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(encoder.encode(value));
        } catch (error) {
          // Headers are sent: the file ends short (not valid JSON), never quietly complete.
          release();
          console.error('The data download failed:', error);
          controller.error(error);
        }
      },
      async cancel() {
        release();
        await text.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

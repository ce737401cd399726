import { iso } from '~/lib/dates';
import type { Services } from '../context';
import type { UserRow } from '../db/schema';

/** Raise when the export gains or loses a part, so a reader can tell which shape a file has. */
export const ACCOUNT_EXPORT_VERSION = 1;

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * `GET /api/account/export`: everything the arcade keeps about the signed-in player, as JSON they
 * can download from Account Settings (README, "Your data"): the account, its sessions (when they
 * began, were last used and end; never their secrets), every run, the per-game statistics,
 * unlocked achievements, avatars owned, tournament entries, prizes (with their Lightning payment
 * proof), the Mr Quiz questions they were asked lately, and the audit entries about them (their
 * account, runs and prizes). Only their own rows: every read is by their user id,
 * and nothing of another player is joined in but a tournament's or an avatar's name.
 */
export async function exportAccount(services: Pick<Services, 'db'>, user: UserRow, now = Date.now()) {
  const { db } = services;
  const id = user.id;
  const [sessions, runs, stats, achievements, avatars, entries, prizes, audit, quizzes] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', id)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('runs')
      .select([
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
      .where('user_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
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
  return {
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
    runs: runs.map((r) => ({
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
    })),
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
}

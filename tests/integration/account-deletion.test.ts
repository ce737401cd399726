import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_PLAYER_NAME } from '~/lib/schemas/people';
import { registerUser, sendMagicLink, verifyMagicLink } from '~/server/auth/accounts';
import { deleteAccount, deletedEmail, deleteOwnAccount, deletedUsernameKey } from '~/server/auth/deletion';
import { findSession } from '~/server/auth/sessions';
import { afterStandingChange } from '~/server/moderation/standing';
import { distributePrize } from '~/server/tournaments/winners';
import { appErrorOf, DIALECTS, freshServices, readSignInMail, type TestServices } from '../support/services';

// Deleting an account (README, "Your data"): what is erased, what is kept anonymised, and that a
// tournament's results and the prizes already sent still add up.

const here = { ip: '203.0.113.7', country: 'PT' };
const HOUR = 3_600_000;

describe.each(DIALECTS)('deleting an account on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    // User 1 is the administrator.
    s = await freshServices(dialect, { ADMIN_USER_IDS: '1' });
  });
  afterEach(async () => {
    await s.close();
  });

  /** Sign a player up and in through the real flow (so their mail left rate-limit windows and a used link). */
  async function signUp(username: string, email = `${username.toLowerCase()}@example.com`) {
    await registerUser(s, { username, email }, here);
    const { token } = readSignInMail(s.mailer.sent.at(-1)!);
    const { user, session } = await verifyMagicLink(s, token, here);
    return { user, session, email };
  }

  async function tournament(name: string, startAt: number, endAt: number) {
    const row = await s.db
      .insertInto('tournaments')
      .values({
        name,
        game_id: 'rekt',
        description: '',
        start_at: startAt,
        end_at: endAt,
        image_filename: null,
        first_place_sats: 1000,
        second_to_fifth_sats: 100,
        random_participant_sats: 10,
        report_content: '',
        created_at: startAt,
        updated_at: startAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function entry(tournamentId: number, userId: number, score: number, at: number) {
    await s.db
      .insertInto('tournament_entries')
      .values({
        tournament_id: tournamentId,
        user_id: userId,
        runs: 1,
        best_score: score,
        best_level: 1,
        best_fish_count: 0,
        best_fish_json: null,
        best_reached_at: at,
        entered_at: at,
      })
      .execute();
  }

  async function prize(tournamentId: number, userId: number, sats: number, status: 'pending' | 'sent', key: string) {
    await s.db
      .insertInto('prize_awards')
      .values({
        tournament_id: tournamentId,
        user_id: userId,
        prize_type: 'bitcoin',
        prize_value: sats,
        status,
        sent_at: status === 'sent' ? Date.now() : null,
        created_at: Date.now(),
        award_key: key,
      })
      .execute();
  }

  async function run(userId: number, runId: string, score: number, at: number) {
    await s.db
      .insertInto('runs')
      .values({
        user_id: userId,
        game_id: 'rekt',
        run_id: runId,
        score,
        level: 1,
        fish_count: 0,
        fish_json: null,
        achievements_json: null,
        created_at: at,
        verified: 1,
      })
      .execute();
  }

  /** A player with everything the arcade keeps, another player beside them, an ended and an active tournament. */
  async function arcade() {
    const now = Date.now();
    await signUp('Root_Admin');
    const ada = await signUp('Ada_Leaves', 'ada@example.com');
    const bob = await signUp('Bob_Stays', 'bob@example.com');
    await s.db
      .updateTable('users')
      .set({
        lightning_address: 'ada@wallet.example',
        notify_new_games_at: now,
        active_avatar_id: 'laser-eyes',
        country: 'PT',
      })
      .where('id', '=', ada.user.id)
      .execute();
    // A second sign-in link she never used, and a run ticket.
    await sendMagicLink(s, 'ada@example.com', here);
    await s.db
      .insertInto('run_tickets')
      .values({ run_id: 'ticket-ada', user_id: ada.user.id, game_id: 'rekt', seed: 7, started_at: now, used_at: null })
      .execute();
    // Mr Quiz's memory of what she was asked, and of what Bob was.
    for (const user of [ada.user, bob.user])
      await s.db
        .insertInto('quiz_history')
        .values({ user_id: user.id, asked_at: now, question_keys: 'capital:PT element:Fe' })
        .execute();
    await s.db
      .insertInto('player_avatars')
      .values({ user_id: ada.user.id, avatar_id: 'laser-eyes', source: 'won', acquired_at: now })
      .execute();
    await s.db
      .insertInto('user_achievements')
      .values({ user_id: ada.user.id, name: 'First', unlocked_at: now })
      .execute();
    await s.db
      .insertInto('user_achievements')
      .values({ user_id: bob.user.id, name: 'First', unlocked_at: now })
      .execute();

    const ended = await tournament('Ended Cup', now - 48 * HOUR, now - HOUR);
    const active = await tournament('Running Cup', now - HOUR, now + HOUR);
    await run(ada.user.id, 'ada-1', 900, now - 2 * HOUR);
    await run(ada.user.id, 'ada-2', 500, now - 10_000);
    await run(bob.user.id, 'bob-1', 700, now - 2 * HOUR);
    await entry(ended, ada.user.id, 900, now - 2 * HOUR);
    await entry(ended, bob.user.id, 700, now - 2 * HOUR);
    await entry(active, ada.user.id, 500, now - 10_000);
    await prize(ended, ada.user.id, 1000, 'sent', 'place');
    await prize(ended, bob.user.id, 100, 'sent', 'place');
    await prize(ended, ada.user.id, 10, 'pending', 'random');
    const [sent] = await s.db
      .selectFrom('prize_awards')
      .select('id')
      .where('user_id', '=', ada.user.id)
      .orderBy('id')
      .execute();
    const auditRow = (action: string, targetType: string, targetId: number, details: object) => ({
      actor_id: 1,
      actor_name: 'Root_Admin',
      action,
      target_type: targetType,
      target_id: String(targetId),
      tournament_id: null,
      details: JSON.stringify(details),
      created_at: now,
    });
    await s.db
      .insertInto('audit_log')
      .values([
        auditRow('prize.pay.start', 'prize', sent!.id, { sats: 1000, lightningAddress: 'ada@wallet.example' }),
        auditRow('user.unban', 'user', ada.user.id, { username: 'Ada_Leaves', banReason: 'test' }),
        auditRow('user.unban', 'user', bob.user.id, { username: 'Bob_Stays' }),
      ])
      .execute();
    return { now, ada, bob, ended, active };
  }

  const count = async (
    table: 'sessions' | 'magic_links' | 'run_tickets' | 'quiz_history' | 'player_avatars' | 'user_achievements',
    userId: number,
  ) =>
    Number(
      (
        await s.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('erases what says who the player was, keeps runs, ended results and prizes anonymous, and the totals add up', async () => {
    const { ada, bob, ended, active } = await arcade();
    const rateKeysBefore = (await s.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(rateKeysBefore.some((k) => k.endsWith(':ada@example.com'))).toBe(true);
    const sentBefore = await s.db
      .selectFrom('prize_awards')
      .select((eb) => eb.fn.sum<number>('prize_value').as('sats'))
      .where('tournament_id', '=', ended)
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();

    const [status, message] = await appErrorOf(deleteOwnAccount(s, ada.user, 'someone_else'));
    expect([status, message]).toEqual([400, 'To delete your account, type your username (Ada_Leaves) to confirm.']);

    const summary = await deleteOwnAccount(s, ada.user, ' ada_leaves ');
    expect(summary).toMatchObject({
      userId: ada.user.id,
      sessionsEnded: 1,
      runsKept: 2,
      entriesRemoved: 1,
      prizesSent: 1,
      prizesWithheld: 1,
    });

    const row = await s.db.selectFrom('users').selectAll().where('id', '=', ada.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: DELETED_PLAYER_NAME,
      username_key: deletedUsernameKey(ada.user.id),
      email: deletedEmail(ada.user.id),
      country: 'XX',
      lightning_address: null,
      notify_new_games_at: null,
      active_avatar_id: null,
      last_seen_at: null,
      banned_at: null,
    });
    expect(Number(row.deleted_at)).toBe(summary.deletedAt);
    expect(Number(row.standing_changed_at)).toBe(summary.deletedAt);
    expect(JSON.stringify(row)).not.toMatch(/ada/i);

    for (const table of [
      'sessions',
      'magic_links',
      'run_tickets',
      'quiz_history',
      'player_avatars',
      'user_achievements',
    ] as const)
      expect([table, await count(table, ada.user.id)]).toEqual([table, 0]);
    expect(await count('quiz_history', bob.user.id)).toBe(1);
    expect(await s.db.selectFrom('magic_links').select('id').where('email', '=', 'ada@example.com').execute()).toEqual(
      [],
    );
    const rateKeys = (await s.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(rateKeys.filter((k) => k.includes('ada@example.com'))).toEqual([]);
    // Everyone else's windows stay (the address's client address too: it is not hers alone).
    expect(rateKeys).toEqual(rateKeysBefore.filter((k) => !k.includes('ada@example.com')));
    expect(await findSession(s.db, ada.session.token)).toBeNull();

    // Bob keeps everything.
    expect(await count('sessions', bob.user.id)).toBe(1);
    expect(await count('user_achievements', bob.user.id)).toBe(1);
    expect(await findSession(s.db, bob.session.token)).not.toBeNull();

    // Runs stay (anonymous: they point at the tombstone), the ended tournament's entries and every prize too.
    expect(
      (
        await s.db.selectFrom('runs').select('run_id').where('user_id', '=', ada.user.id).orderBy('run_id').execute()
      ).map((r) => r.run_id),
    ).toEqual(['ada-1', 'ada-2']);
    const entries = await s.db
      .selectFrom('tournament_entries')
      .select(['tournament_id', 'user_id', 'best_score'])
      .orderBy('tournament_id')
      .orderBy('user_id')
      .execute();
    expect(entries.map((e) => [e.tournament_id, e.user_id, Number(e.best_score)])).toEqual([
      [ended, ada.user.id, 900],
      [ended, bob.user.id, 700],
    ]);
    expect(entries.some((e) => e.tournament_id === active)).toBe(false);
    const prizes = await s.db
      .selectFrom('prize_awards as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.username', 'p.prize_value', 'p.status'])
      .where('p.tournament_id', '=', ended)
      .orderBy('p.id')
      .execute();
    expect(prizes.map((p) => [p.username, Number(p.prize_value), p.status])).toEqual([
      [DELETED_PLAYER_NAME, 1000, 'sent'],
      ['Bob_Stays', 100, 'sent'],
      [DELETED_PLAYER_NAME, 10, 'pending'],
    ]);
    const sentAfter = await s.db
      .selectFrom('prize_awards')
      .select((eb) => eb.fn.sum<number>('prize_value').as('sats'))
      .where('tournament_id', '=', ended)
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(sentAfter.sats)).toBe(Number(sentBefore.sats));
    expect(Number(sentAfter.sats)).toBe(1100);

    // The deletion is audited, by the player, without the erased address or name.
    const audit = await s.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.delete').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: ada.user.id,
      actor_name: DELETED_PLAYER_NAME,
      target_type: 'user',
      target_id: String(ada.user.id),
    });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ by: 'self', runsKept: 2, prizesWithheld: 1 });
    expect(JSON.stringify(audit[0])).not.toMatch(/ada/i);

    // What administrators did about her stays on record, without her name or where she was paid.
    const about = await s.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '!=', 'user.delete')
      .orderBy('id')
      .execute();
    expect(about.map((a) => [a.action, JSON.parse(a.details)])).toEqual([
      ['prize.pay.start', { sats: 1000, lightningAddress: '(erased)' }],
      ['user.unban', { username: DELETED_PLAYER_NAME, banReason: 'test' }],
      ['user.unban', { username: 'Bob_Stays' }],
    ]);

    // A second deletion finds nothing to delete.
    expect(await appErrorOf(deleteAccount(s, ada.user.id, { kind: 'self' }))).toEqual([
      409,
      'This account is already deleted.',
    ]);
  });

  it('lets the address sign up again as a new account, and frees the username', async () => {
    const { ada } = await arcade();
    await deleteOwnAccount(s, ada.user, 'Ada_Leaves');
    s.mailer.sent.length = 0;
    await registerUser(s, { username: 'Ada_Leaves', email: 'ada@example.com' }, { ip: '198.51.100.1', country: 'FR' });
    const mail = s.mailer.sent.at(-1)!;
    expect(mail.to).toBe('ada@example.com');
    const { token } = readSignInMail(mail);
    const { user } = await verifyMagicLink(s, token, { ip: '198.51.100.1', country: 'FR' });
    expect(user.id).not.toBe(ada.user.id);
    expect(user).toMatchObject({ username: 'Ada_Leaves', email: 'ada@example.com', deleted_at: null });
    // The new account starts empty: nothing of the old one is joined to it.
    expect(await s.db.selectFrom('runs').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('prize_awards').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('deletes an account whose old tombstone address someone registered first, by the player or an administrator', async () => {
    const { ada, bob } = await arcade();
    // Ids are public: before sign-up refused `.invalid`, anyone could take the address a deletion
    // used to write (`deleted-{id}@deleted.invalid`). Registered here past the schema, as then.
    for (const id of [ada.user.id, bob.user.id])
      await registerUser(s, { username: `Squatter_${id}`, email: `deleted-${id}@deleted.invalid` }, here);
    expect(deletedEmail(ada.user.id)).not.toContain('@');

    expect(await deleteOwnAccount(s, ada.user, 'Ada_Leaves')).toMatchObject({ userId: ada.user.id });
    const admin = await s.db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await deleteAccount(s, bob.user.id, { kind: 'admin', actor: admin })).toMatchObject({ userId: bob.user.id });
    const rows = await s.db
      .selectFrom('users')
      .select(['id', 'email', 'deleted_at'])
      .where('id', 'in', [ada.user.id, bob.user.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.email, r.deleted_at !== null])).toEqual([
      [ada.user.id, deletedEmail(ada.user.id), true],
      [bob.user.id, deletedEmail(bob.user.id), true],
    ]);
    // The squatters keep their accounts.
    const squatters = await s.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@deleted.invalid')
      .execute();
    expect(squatters).toHaveLength(2);
  });

  it('lets an administrator delete a player on request, and never an administrator or an unknown id', async () => {
    const { bob } = await arcade();
    const admin = await s.db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const by = { kind: 'admin' as const, actor: admin };
    expect(await appErrorOf(deleteAccount(s, 1, by))).toEqual([403, 'Admins cannot be deleted.']);
    expect(await appErrorOf(deleteAccount(s, 999, by))).toEqual([404, 'No such player.']);
    expect(await appErrorOf(deleteOwnAccount(s, admin, 'Root_Admin'))).toEqual([403, 'Admins cannot be deleted.']);
    expect(
      (await s.db.selectFrom('users').select('deleted_at').where('id', '=', 1).executeTakeFirstOrThrow()).deleted_at,
    ).toBeNull();

    const summary = await deleteAccount(s, bob.user.id, by);
    expect(summary).toMatchObject({ sessionsEnded: 1, runsKept: 1, prizesSent: 1, prizesWithheld: 0 });
    const audit = await s.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.delete')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: 1, actor_name: 'Root_Admin', target_id: String(bob.user.id) });
    expect(JSON.parse(audit.details)).toMatchObject({ by: 'admin' });
    expect(JSON.stringify(audit)).not.toContain('bob@example.com');
  });

  it('takes the player off every board at once, and their unsent prize is never sent', async () => {
    const { ada, bob, ended } = await arcade();
    for (const [userId, score] of [
      [ada.user.id, 900],
      [bob.user.id, 700],
    ] as const)
      await s.db
        .insertInto('game_stats')
        .values({
          user_id: userId,
          game_id: 'rekt',
          plays: 1,
          best_score: score,
          best_level: 1,
          best_fish_count: 0,
          best_fish_json: null,
          best_reached_at: Date.now() - HOUR,
          last_played_at: Date.now() - HOUR,
        })
        .execute();
    await s.rankings.current();
    expect([...s.rankings.game('rekt').players.keys()].sort()).toEqual([ada.user.id, bob.user.id].sort());
    expect((await s.rankings.tournament(ended)).players.has(ada.user.id)).toBe(true);

    await deleteOwnAccount(s, ada.user, 'Ada_Leaves');
    afterStandingChange(s.rankings, ada.user.id);
    await s.rankings.current();
    expect([...s.rankings.game('rekt').players.keys()]).toEqual([bob.user.id]);
    expect([...(await s.rankings.tournament(ended)).players.keys()]).toEqual([bob.user.id]);

    const pending = await s.db
      .selectFrom('prize_awards')
      .select('id')
      .where('user_id', '=', ada.user.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const admin = await s.db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await appErrorOf(distributePrize(s, admin, pending.id))).toEqual([
      409,
      'This prize is withheld for good: its winner deleted their account.',
    ]);
    const still = await s.db
      .selectFrom('prize_awards')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });

  it('deletes once when two deletions race', async () => {
    const { ada } = await arcade();
    const outcomes = await Promise.all([
      appErrorOf(deleteAccount(s, ada.user.id, { kind: 'self' })),
      appErrorOf(deleteAccount(s, ada.user.id, { kind: 'self' })),
    ]);
    expect(outcomes.map(([status]) => status).sort()).toEqual([0, 409]);
    expect(await s.db.selectFrom('audit_log').select('id').where('action', '=', 'user.delete').execute()).toHaveLength(
      1,
    );
  });
});

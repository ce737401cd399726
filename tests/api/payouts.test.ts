import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pgClient from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call } from '../support/api';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { signUpPlayer, submitRun, type ApiPlayer } from '../support/players';
import { startServer, type RunningServer } from '../support/server';
import { createPgDatabase, DIALECTS } from '../support/services';

// Lightning payouts through the built server (README, "Lightning payouts"): the calls' guards, the
// public proof, automatic payment, and a kill -9 between asking the wallet and its answer.

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19);

let net: LightningNetwork;
let caDir: string;

beforeAll(async () => {
  net = await startLightningNetwork();
  caDir = mkdtempSync(join(tmpdir(), 'payout-ca-'));
  writeFileSync(join(caDir, 'ca.pem'), net.caPem);
});
afterAll(async () => {
  await net?.close();
  rmSync(caDir, { recursive: true, force: true });
});

/** The admin (user 1) who makes and pays the tournaments, and the player who wins them. */
interface Payees {
  admin: ApiPlayer;
  winner: ApiPlayer;
}

/** A server paying over the test network, with what a restart on the same data needs. */
interface PayoutArcade extends Payees {
  server: RunningServer;
  dataDir: string;
  pg: Awaited<ReturnType<typeof createPgDatabase>> | null;
  secret: string;
}

describe.each(DIALECTS)('Lightning payouts through the server on %s', (dialect) => {
  const env = (pg: PayoutArcade['pg'], extra: Record<string, string> = {}) => ({
    SECRET_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    ADMIN_USER_IDS: '1',
    NWC_URL: net.nwcUrl,
    LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
    LIGHTNING_ADDRESS_CONNECT_TO: net.lnurl.hosts.map((h) => `${h}=127.0.0.1:${net.lnurl.port}`).join(','),
    LIGHTNING_ADDRESS_CA_FILE: join(caDir, 'ca.pem'),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...extra,
  });

  /** A server on a fresh database and data directory, with its admin and winner signed up. */
  async function openArcade(): Promise<PayoutArcade> {
    const dataDir = mkdtempSync(join(tmpdir(), 'sats-arcade-payouts-'));
    const pg = dialect === 'postgres' ? await createPgDatabase({ migrated: true }) : null;
    const secret = randomBytes(32).toString('hex');
    let server: RunningServer | undefined;
    try {
      server = await startServer(env(pg, { SECRET_KEY: secret }), { dataDir });
      const admin = await signUpPlayer(server, `Pay_Admin_${dialect}`);
      const winner = await signUpPlayer(server, `Pay_Winner_${dialect}`);
      return { server, dataDir, pg, secret, admin, winner };
    } catch (error) {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
      throw error;
    }
  }

  // The arcade the tests share, paying only when an admin presses PAY: each test there makes and
  // pays a tournament of its own. The kill -9 test kills its server and restarts it paying by
  // itself (PAYOUT_AUTOMATIC), which would pay the other tests' prizes before their PAY: it has an
  // arcade of its own.
  let shared: PayoutArcade;
  beforeAll(async () => {
    shared = await openArcade();
  });
  afterAll(async () => {
    await shared?.server.stop();
    await shared?.pg?.drop();
  });

  /** A tournament with the winner's run, ended and processed by the admin; its id and the winner's bitcoin prize id. */
  async function processedTournament(on: RunningServer, { admin, winner }: Payees, name: string, address: string) {
    expect(
      (
        await call(on, '/api/account/lightning-address', {
          method: 'PUT',
          cookie: winner.cookie,
          body: { lightningAddress: address },
        })
      ).status,
    ).toBe(200);
    expect((await submitRun(on, winner, `run-${name.replace(/\W+/g, '-')}`, 7_000)).status).toBe(201);
    const now = Date.now();
    const created = await call(on, '/api/admin/tournaments', {
      cookie: admin.cookie,
      body: {
        name,
        gameId: 'rekt',
        description: 'paid over Lightning',
        startDate: utc(now - 3_600_000),
        endDate: utc(now + 2_000),
        timezoneOffset: '0',
        rewards: JSON.stringify({
          firstPlaceSats: 2100,
          secondToFifthSats: 0,
          randomParticipantSats: 0,
          avatarRewards: [],
        }),
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.tournament.id as number;
    expect(created.json.tournament.processWhenEnded).toBe(false);
    // The end is a time the server keeps: wait until it has passed.
    await new Promise((r) => setTimeout(r, Math.max(0, now + 2_100 - Date.now())));
    expect(
      (await call(on, `/api/admin/tournaments/${id}/process-winners`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
    const winners = (await call(on, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json;
    return { id, prizeId: winners.winners[0].bitcoinPrizes[0].id as number };
  }

  it('PAY and PAY ALL are for administrators only; the proof is public', { timeout: 60_000 }, async () => {
    const { server, admin, winner } = shared;
    const { id, prizeId } = await processedTournament(
      server,
      shared,
      `Guard Cup ${dialect}`,
      `guard-${dialect}@wallet.test`,
    );
    for (const path of [`/api/admin/tournaments/prizes/${prizeId}/pay`, `/api/admin/tournaments/${id}/pay-all`]) {
      expect((await call(server, path, { body: {} })).status).toBe(401);
      expect((await call(server, path, { cookie: winner.cookie, body: {} })).status).toBe(403);
    }
    expect(
      (await call(server, `/api/admin/tournaments/prizes/999999/pay`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(404);
    const before = (await call(server, `/api/tournaments/${id}/payouts`)).json;
    expect(before.prizes).toMatchObject([{ prizeId, method: 'pending', paymentHash: null, preimage: null }]);

    const paid = await call(server, `/api/admin/tournaments/${id}/pay-all`, { cookie: admin.cookie, body: {} });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ sent: 1, message: '1 paid.' });

    const proof = (await call(server, `/api/tournaments/${id}/payouts`)).json;
    const [prize] = proof.prizes;
    expect(prize).toMatchObject({ method: 'lightning', sats: 2100, rank: 1, username: winner.username, invoice: null });
    expect(sha256(prize.preimage)).toBe(prize.paymentHash);
    const own = (await call(server, `/api/tournaments/${id}/payouts`, { cookie: winner.cookie })).json.prizes[0];
    expect(own.invoice).toMatch(/^lnbcrt21u1/);
    expect(net.lnurl.receivedSats(`guard-${dialect}@wallet.test`)).toBe(2100);
  });

  /** Make `prizeId` stuck paying on an invoice of `address` the wallet never heard of (written straight into the database). */
  async function makeStuck({ dataDir, pg }: PayoutArcade, prizeId: number, address: string) {
    const invoice = net.ledger.createInvoice({ node: address, sats: 2100, expirySeconds: 3600 });
    const values = [invoice.paymentRequest, invoice.paymentHash, Date.now() + 3_600_000, Date.now(), prizeId];
    if (pg) {
      const client = new pgClient.Client({ connectionString: pg.url });
      await client.connect();
      try {
        await client.query(
          `update prize_awards set payout_state = 'paying', payout_claim = 'stuck', payout_invoice = $1, payout_hash = $2, payout_expires_at = $3, payout_started_at = $4 where id = $5`,
          values,
        );
      } finally {
        await client.end();
      }
    } else {
      const db = new Database(join(dataDir, 'arcade.db'));
      try {
        db.pragma('busy_timeout = 5000');
        db.prepare(
          `update prize_awards set payout_state = 'paying', payout_claim = 'stuck', payout_invoice = ?, payout_hash = ?, payout_expires_at = ?, payout_started_at = ? where id = ?`,
        ).run(...values);
      } finally {
        db.close();
      }
    }
    return invoice.paymentHash;
  }

  it(
    'an admin settles a payment stuck paying: administrators only, what the wallet says first, then audited',
    { timeout: 60_000 },
    async () => {
      const { server, admin, winner } = shared;
      const address = `stuck-${dialect}@wallet.test`;
      const { id, prizeId } = await processedTournament(server, shared, `Stuck Cup ${dialect}`, address);
      const paymentHash = await makeStuck(shared, prizeId, address);
      const payment = `/api/admin/tournaments/prizes/${prizeId}/payment`;
      const settle = `/api/admin/tournaments/prizes/${prizeId}/settle`;
      expect((await call(server, payment)).status).toBe(401);
      expect((await call(server, payment, { cookie: winner.cookie })).status).toBe(403);
      expect((await call(server, settle, { body: { outcome: 'failed' } })).status).toBe(401);
      expect((await call(server, settle, { cookie: winner.cookie, body: { outcome: 'failed' } })).status).toBe(403);
      expect(await call(server, settle, { cookie: admin.cookie, body: { outcome: 'maybe' } })).toMatchObject({
        status: 400,
        json: { error: 'Choose paid or failed.' },
      });

      const seen = await call(server, payment, { cookie: admin.cookie });
      expect(seen).toMatchObject({ status: 200, json: { prizeId, paymentHash, wallet: 'unknown', settleable: true } });
      const settled = await call(server, settle, { cookie: admin.cookie, body: { outcome: 'failed' } });
      expect(settled).toMatchObject({
        status: 200,
        json: {
          payout: {
            state: 'failed',
            payable: true,
            error: `Settled as failed by ${admin.username}: the wallet has no payment of this hash.`,
          },
        },
      });
      expect((await call(server, settle, { cookie: admin.cookie, body: { outcome: 'failed' } })).status).toBe(409);
      const log = (await call(server, `/api/admin/audit-log?tournamentId=${id}`, { cookie: admin.cookie })).json
        .entries;
      expect(log[0]).toMatchObject({
        action: 'prize.pay.settle',
        actorName: admin.username,
        details: { outcome: 'failed', wallet: 'unknown' },
      });
      // Paid again, once.
      const paid = await call(server, `/api/admin/tournaments/prizes/${prizeId}/pay`, {
        cookie: admin.cookie,
        body: {},
      });
      expect(paid.json.payout.state).toBe('sent');
      expect(net.lnurl.receivedSats(address)).toBe(2100);
    },
  );

  it(
    'kill -9 after the wallet was asked: the restarted server settles by lookup and never pays twice; automatic payment pays without a click, and a tournament that processes itself is paid too',
    { timeout: 120_000 },
    async () => {
      // An arcade of its own: this test kills its server and restarts it paying by itself.
      const own = await openArcade();
      const { server, admin } = own;
      let restarted: RunningServer | undefined;
      onTestFinished(async () => {
        // the restarted server, or the first one if the test stopped before its restart
        await (restarted ?? server).stop();
        await own.pg?.drop();
      });
      // A tournament that processes itself when it ends, ended while this server runs, with one
      // player of its own: nobody presses Process Winners or PAY; the restarted server
      // (PAYOUT_AUTOMATIC) processes and pays it.
      const selfWinner = await signUpPlayer(server, `Self_Winner_${dialect}`);
      const selfAddress = `self-${dialect}@wallet.test`;
      await call(server, '/api/account/lightning-address', {
        method: 'PUT',
        cookie: selfWinner.cookie,
        body: { lightningAddress: selfAddress },
      });
      // Below the winner's 7,000, so the winner keeps first place in the tournaments below.
      expect((await submitRun(server, selfWinner, `run-self-${dialect}`, 5_000)).status).toBe(201);
      const start = Date.now();
      const selfCup = await call(server, '/api/admin/tournaments', {
        cookie: admin.cookie,
        body: {
          name: `Self Cup ${dialect}`,
          gameId: 'rekt',
          description: 'processes itself',
          startDate: utc(start - 1_000),
          endDate: utc(start + 2_000),
          timezoneOffset: '0',
          rewards: JSON.stringify({ firstPlaceSats: 2100 }),
          processWhenEnded: true,
        },
      });
      expect(selfCup.json.tournament).toMatchObject({ participantCount: 1, processWhenEnded: true });
      const itself = { id: selfCup.json.tournament.id as number };
      // Ended before the winner's next run, which stays out of it.
      await new Promise((r) => setTimeout(r, Math.max(0, start + 2_100 - Date.now())));
      const address = `crash-${dialect}@wallet.test`;
      const { id, prizeId } = await processedTournament(server, own, `Crash Cup ${dialect}`, address);
      const hold = net.wallet.holdPayments();
      try {
        const pressed = call(server, `/api/admin/tournaments/prizes/${prizeId}/pay`, {
          cookie: admin.cookie,
          body: {},
        }).catch(() => null);
        const held = await hold.next();
        process.kill(server.pid, 'SIGKILL');
        await expect.poll(() => server.signalCode(), { timeout: 5000 }).toBe('SIGKILL');
        expect(await pressed).toBeNull();
        // The wallet paid; the arcade never heard.
        held.settleWithoutAnswer();
        hold.stop();

        restarted = await startServer(env(own.pg, { SECRET_KEY: own.secret, PAYOUT_AUTOMATIC: 'true' }), {
          dataDir: own.dataDir,
        });
        await expect
          .poll(
            async () =>
              (await call(restarted!, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json.winners[0]
                .bitcoinPrizes[0].payout.state,
            { timeout: 20_000 },
          )
          .toBe('sent');
        const proof = (await call(restarted, `/api/tournaments/${id}/payouts`)).json.prizes[0];
        expect(proof.paymentHash).toBe(held.request.paymentHash);
        expect(sha256(proof.preimage)).toBe(proof.paymentHash);
        expect(net.wallet.payRequestsFor(proof.paymentHash)).toBe(1);
        expect(net.lnurl.receivedSats(address)).toBe(2100);
        const log = (await call(restarted, `/api/admin/audit-log?tournamentId=${id}`, { cookie: admin.cookie })).json
          .entries as { action: string; actorName: string }[];
        expect(log.find((e) => e.action === 'prize.pay.sent')?.actorName).toBe('arcade (automatic)');
        expect(restarted.output()).toMatch(/payouts: wallet "Test Wallet" connected/);
        expect(restarted.output()).not.toContain(net.nwcUrl.split('secret=')[1]!);

        // PAYOUT_AUTOMATIC: processing the next tournament pays it, nobody clicks PAY.
        const next = await processedTournament(restarted, own, `Auto Cup ${dialect}`, `auto-${dialect}@wallet.test`);
        await expect
          .poll(async () => (await call(restarted!, `/api/tournaments/${next.id}/payouts`)).json.prizes[0].method, {
            timeout: 20_000,
          })
          .toBe('lightning');
        expect(net.lnurl.receivedSats(`auto-${dialect}@wallet.test`)).toBe(2100);

        // The tournament that processed itself, paid with nobody clicking.
        await expect
          .poll(async () => (await call(restarted!, `/api/tournaments/${itself.id}/payouts`)).json.prizes[0]?.method, {
            timeout: 20_000,
          })
          .toBe('lightning');
        expect(net.lnurl.receivedSats(selfAddress)).toBe(2100);
        const selfLog = (
          await call(restarted, `/api/admin/audit-log?tournamentId=${itself.id}`, { cookie: admin.cookie })
        ).json.entries as { action: string; actorName: string }[];
        expect(selfLog.find((e) => e.action === 'tournament.process_winners')?.actorName).toBe('arcade (automatic)');
      } finally {
        hold.stop();
      }
    },
  );
});

describe('Lightning payouts with two server processes on one PostgreSQL', () => {
  it('ten PAY clicks spread over both processes pay once', { timeout: 60_000 }, async () => {
    const pg = await createPgDatabase({ migrated: true });
    const env = {
      SECRET_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      ADMIN_USER_IDS: '1',
      DATABASE_URL: pg.url,
      NWC_URL: net.nwcUrl,
      LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
      LIGHTNING_ADDRESS_CONNECT_TO: net.lnurl.hosts.map((h) => `${h}=127.0.0.1:${net.lnurl.port}`).join(','),
      LIGHTNING_ADDRESS_CA_FILE: join(caDir, 'ca.pem'),
    };
    const servers: RunningServer[] = [];
    try {
      servers.push(await startServer(env), await startServer(env));
      const [one, two] = servers as [RunningServer, RunningServer];
      const admin = await signUpPlayer(one, 'Twin_Admin');
      const winner = await signUpPlayer(one, 'Twin_Winner');
      const address = 'twin-processes@wallet.test';
      await call(one, '/api/account/lightning-address', {
        method: 'PUT',
        cookie: winner.cookie,
        body: { lightningAddress: address },
      });
      expect((await submitRun(one, winner, 'twin-run', 5_000)).status).toBe(201);
      const now = Date.now();
      const created = await call(one, '/api/admin/tournaments', {
        cookie: admin.cookie,
        body: {
          name: 'Twin Cup',
          gameId: 'rekt',
          description: '',
          startDate: utc(now - 3_600_000),
          endDate: utc(now + 2_000),
          timezoneOffset: '0',
          rewards: JSON.stringify({
            firstPlaceSats: 2100,
            secondToFifthSats: 0,
            randomParticipantSats: 0,
            avatarRewards: [],
          }),
        },
      });
      const id = created.json.tournament.id as number;
      await new Promise((r) => setTimeout(r, Math.max(0, now + 2_100 - Date.now())));
      await call(two, `/api/admin/tournaments/${id}/process-winners`, { cookie: admin.cookie, body: {} });
      const prizeId = (await call(one, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json
        .winners[0].bitcoinPrizes[0].id as number;

      const clicks = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(servers[i % 2]!, `/api/admin/tournaments/prizes/${prizeId}/pay`, { cookie: admin.cookie, body: {} }),
        ),
      );

      expect(clicks.filter((c) => c.status === 200).map((c) => c.json.payout.state)).toEqual(['sent']);
      expect(clicks.filter((c) => c.status === 409)).toHaveLength(9);
      const proof = (await call(two, `/api/tournaments/${id}/payouts`)).json.prizes[0];
      expect(net.wallet.payRequestsFor(proof.paymentHash)).toBe(1);
      expect(net.lnurl.receivedSats(address)).toBe(2100);
    } finally {
      for (const server of servers) await server.stop();
      await pg.drop();
    }
  });
});

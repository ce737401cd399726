import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, verifyMagicLink } from '~/server/auth/accounts';
import { announceGame, sendAnnouncementMails, unsubscribeWithKey } from '~/server/mail/announcements';
import { smtpMailer } from '~/server/mail/mailer';
import { freePort } from '../support/server';
import { addPlayer, freshServices, type TestServices } from '../support/services';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undo quoted-printable soft breaks and escapes, enough to read links out of a mail. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over real SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let s: TestServices;

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    s = await freshServices('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await s.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the sign-in mail, and its link signs the player in', async () => {
    const services = { ...s, mailer: smtpMailer(s.config.smtpUrl!, s.config.mailFrom) };
    // The mailbox is the file's: count only what arrives from here on.
    const before = received.length;
    await registerUser(
      services,
      { username: 'smtp_player', email: 'player@example.com' },
      { ip: '127.0.0.1', country: 'NL' },
    );
    const mails = received.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(['player@example.com']);
    expect(mail.from).toBe('no-reply@arcade.test');
    expect(mail.raw).toMatch(/^Subject: Welcome to Sats Arcade: your sign-in link/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('expire in 15 minutes');
    const token = /auth\/callback\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    const code = /sign-in window: (\d{6})/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await verifyMagicLink(services, token!, { ip: '127.0.0.1', country: '' });
    expect(signedIn.user.username).toBe('smtp_player');
  });

  it('reports a refused delivery as a 502 the player can act on', async () => {
    const services = { ...s, mailer: smtpMailer(`smtp://127.0.0.1:${await freePort()}`, s.config.mailFrom) };
    await expect(
      registerUser(
        services,
        { username: 'nobody_home', email: 'nobody@example.com' },
        { ip: '127.0.0.2', country: '' },
      ),
    ).rejects.toMatchObject({
      status: 502,
    });
  });

  it('delivers the new-game mail with its one-click unsubscribe link and List-Unsubscribe headers', async () => {
    const services = { ...s, mailer: smtpMailer(s.config.smtpUrl!, s.config.mailFrom) };
    const fan = await addPlayer(s.db, 'smtp_fan');
    await s.db.updateTable('users').set({ notify_new_games_at: Date.now() }).where('id', '=', fan).execute();
    // The mailbox is the file's: count only what arrives from here on.
    const before = received.length;
    await announceGame(s.db, { id: null, username: 'Root_Admin' }, 'rekt');
    expect(await sendAnnouncementMails(services)).toBe(1);
    expect(await sendAnnouncementMails(services)).toBe(0);
    const mails = received.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(['smtp_fan@example.com']);
    expect(mail.raw).toMatch(/^Subject: New in Sats Arcade: REKT!/m);
    // nodemailer folds the long header onto a second line
    const header = /^List-Unsubscribe:\s+<(http:\/\/arcade\.test\/unsubscribe\?u=\d+&k=[A-Za-z0-9_-]+)>/m.exec(
      mail.raw,
    );
    expect(header).not.toBeNull();
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = header![1]!;
    expect(decodeQuotedPrintable(mail.raw)).toContain(`Unsubscribe with one click: ${link}`);
    // The link's key takes the player off the list.
    const url = new URL(link);
    expect(await unsubscribeWithKey(s, Number(url.searchParams.get('u')), url.searchParams.get('k')!)).toBe(true);
    const row = await s.db
      .selectFrom('users')
      .select('notify_new_games_at')
      .where('id', '=', fan)
      .executeTakeFirstOrThrow();
    expect(row.notify_new_games_at).toBeNull();
  });
});

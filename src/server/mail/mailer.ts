import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` of a mail sent to a list. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hand the mail over for delivery; throws when the mail server refuses it. */
  send(mail: Mail): Promise<void>;
  /** `smtp` or `outbox`, for logs and tests. */
  readonly kind: 'smtp' | 'outbox';
}

/** Real delivery through the SMTP server `smtpUrl` names (`smtp://user:pass@host:587`). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Longest address kept whole in an outbox file name (file names end at 255 bytes). */
const MAX_NAME_CHARS = 200;

/**
 * The address as a file name: unsafe characters replaced; an address too long for a file name
 * (e-mail allows 254 characters) is cut and told apart by a hash of the whole of it.
 */
export function outboxName(to: string): string {
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  if (safe.length <= MAX_NAME_CHARS) return safe;
  return `${safe.slice(0, MAX_NAME_CHARS - 17)}~${createHash('sha256').update(to).digest('hex').slice(0, 16)}`;
}

/**
 * The development outbox, used when no SMTP server is configured: each mail is printed to the
 * server log (so a newcomer can click the sign-in link there; only when the arcade runs on a
 * loopback `SITE_URL`, else just who it went to) and kept as a text file under
 * `<dataDir>/outbox/`.
 */
export function outboxMailer(
  dataDir: string,
  from: string,
  log: (line: string) => void = console.log,
  { printText = true } = {},
): Mailer {
  const dir = join(dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${outboxName(mail.to)}.txt`);
      const extra = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
      const body = `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra.join('')}\n${mail.text}\n`;
      writeFileSync(file, body, { mode: 0o600 });
      // Links and codes reach the log only on a loopback site (`printText`): anywhere else a log
      // reader could sign in as anyone.
      log(
        printText
          ? `\n📬 [outbox] mail to ${mail.to}: ${mail.subject}\n${mail.text}\n(saved in ${file})\n`
          : `📬 [outbox] mail to ${mail.to}: ${mail.subject} (saved in ${file})`,
      );
    },
  };
}

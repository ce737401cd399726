import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { outboxName } from '~/server/mail/mailer';
import type { RunningServer } from './server';

let nextIp = 1;
/** A fresh client address per test (the test servers trust X-Forwarded-For), so rate limits stay per test. */
export function newClientIp(): string {
  const n = nextIp++;
  return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export interface CallOptions {
  method?: string;
  /** JSON body (sent with Content-Type application/json) or a raw string. */
  body?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
  ip?: string;
  /** Send no Origin header (as a non-browser client would). */
  noOrigin?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/** Call the test server's API as a same-origin browser would, unless told otherwise. */
export async function call(server: RunningServer, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (!options.noOrigin && !('origin' in headers)) headers.origin = server.url;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(server.url + path, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The session cookie a response set, as a `Cookie` header value. */
export function sessionCookie(result: CallResult): string {
  // `__Host-sats_session` on an https SITE_URL, `sats_session` on http (README, "Sessions")
  const set = result.headers.getSetCookie().find((c) => /^(__Host-)?sats_session=/.test(c));
  if (!set) throw new Error('no session cookie was set');
  return set.split(';')[0]!;
}

/** The newest development-outbox mail to `to`: its text, sign-in token and code. */
export function latestOutboxMail(dataDir: string, to: string): { text: string; token?: string; code?: string } {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) throw new Error('the outbox is empty');
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(`-${outboxName(to)}.txt`))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no mail to ${to} in the outbox`);
  const text = readFileSync(join(dir, file), 'utf8');
  return {
    text,
    token: /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1],
    code: /sign-in window: (\d{6})/.exec(text)?.[1],
  };
}

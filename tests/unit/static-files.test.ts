import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStaticFiles, hasSessionCookie } from '~/server/static/static-files';

const dir = mkdtempSync(join(tmpdir(), 'static-files-'));
mkdirSync(join(dir, 'home-session'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><p>hero</p>');
writeFileSync(join(dir, 'home-session', 'index.html'), '<!doctype html><p>loading...</p>');
const csp = new Map([
  ['/', "default-src 'self'; script-src 'self' 'sha256-visitor'"],
  ['/home-session', "default-src 'self'; script-src 'self' 'sha256-session'"],
]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the static files answer for `path` (HEAD: headers only), or null when they leave it to Astro. */
function answer(path: string, cookie?: string) {
  const files = createStaticFiles(dir, csp, { 'x-content-type-options': 'nosniff' });
  let status = 0;
  let headers: Record<string, string | number> = {};
  const res = {
    writeHead(code: number, h: Record<string, string | number>) {
      status = code;
      headers = h;
    },
    end() {},
  } as unknown as ServerResponse;
  const req = { method: 'HEAD', url: path, headers: cookie ? { cookie } : {} } as IncomingMessage;
  return files.serve(req, res) ? { status, headers } : null;
}

describe('the home page for a browser with a session cookie', () => {
  it('a session cookie is one with a value, among any others', () => {
    expect(hasSessionCookie('sats_session=abc')).toBe(true);
    expect(hasSessionCookie('theme=dark; sats_session=abc; x=1')).toBe(true);
    expect(hasSessionCookie('sats_session=')).toBe(false);
    expect(hasSessionCookie('not_sats_session=abc')).toBe(false);
    // the name an https arcade gives it
    expect(hasSessionCookie('x=1; __Host-sats_session=abc')).toBe(true);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it('is the session variant, with its own policy, and varies on the cookie', () => {
    const visitor = answer('/');
    const session = answer('/', 'sats_session=abc');
    expect(visitor?.headers['content-security-policy']).toContain('sha256-visitor');
    expect(session?.headers['content-security-policy']).toContain('sha256-session');
    expect(session?.headers['content-length']).toBe('<!doctype html><p>loading...</p>'.length);
    expect(visitor?.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(session?.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(session?.headers.etag).not.toBe(visitor?.headers.etag);
  });

  it('has no address of its own', () => {
    expect(answer('/home-session')).toBeNull();
    expect(answer('/home-session/')).toBeNull();
    expect(answer('/home-session/index.html')).toBeNull();
  });
});

describe("the games' origin", () => {
  it("serves the Game SDK's types as text, not application/octet-stream", () => {
    const games = mkdtempSync(join(tmpdir(), 'static-games-'));
    try {
      mkdirSync(join(games, 'arcade-games', 'sdk'), { recursive: true });
      writeFileSync(join(games, 'arcade-games', 'sdk', 'arcade-sdk.d.ts'), 'export const VERSION: string;');
      writeFileSync(join(games, 'arcade-games', 'sdk', 'arcade-sdk.js'), 'export const VERSION = "1";');
      const files = createStaticFiles(games, new Map(), {}, { games: { arcadeOrigin: 'https://arcade.example' } });
      const typeOf = (url: string) => {
        let type: unknown;
        const res = {
          writeHead: (_: number, h: Record<string, unknown>) => (type = h['content-type']),
          end() {},
        } as unknown as ServerResponse;
        files.serve({ method: 'HEAD', url, headers: {} } as IncomingMessage, res);
        return type;
      };
      expect(typeOf('/arcade-games/sdk/arcade-sdk.d.ts')).toBe('text/plain; charset=utf-8');
      expect(typeOf('/arcade-games/sdk/arcade-sdk.js')).toBe('text/javascript; charset=utf-8');
    } finally {
      rmSync(games, { recursive: true, force: true });
    }
  });
});

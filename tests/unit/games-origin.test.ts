import { describe, expect, it } from 'vitest';
import { ConfigError, gamesOriginSetting, loadConfig } from '~/server/shared/config';
// the games' side of the handshake (the Game SDK, games/sdk/arcade-sdk.js), a plain ES module
import { acceptArcadeMessage, validOrigin } from '../../games/sdk/arcade-sdk.js';

const dataDir = '/tmp/sats-arcade-games-origin-test';
const SECRET_KEY = 'x'.repeat(32);

describe('GAMES_ORIGIN', () => {
  it("defaults, on this machine, to the arcade's host on the next port", () => {
    expect(gamesOriginSetting({})).toBe('http://localhost:4322');
    expect(gamesOriginSetting({ PORT: '8080' })).toBe('http://localhost:8081');
    expect(gamesOriginSetting({ SITE_URL: 'http://127.0.0.1:5000' })).toBe('http://127.0.0.1:5001');
    expect(gamesOriginSetting({ SITE_URL: 'https://arcade.example' })).toBeUndefined();
    expect(gamesOriginSetting({ SITE_URL: 'https://arcade.example', GAMES_ORIGIN: 'https://g.example' })).toBe(
      'https://g.example',
    );
  });

  it('listens on the next port by default, and by Host alone for a games host of its own', () => {
    const local = loadConfig({ DATA_DIR: dataDir, SECRET_KEY, PORT: '4400' });
    expect(local.gamesOrigin).toBe('http://localhost:4401');
    expect(local.gamesPort).toBe(4401);
    const hosted = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY,
      SITE_URL: 'https://arcade.example',
      MAIL_OUTBOX: '1',
      GAMES_ORIGIN: 'https://games.arcade.example/',
    });
    expect(hosted.gamesOrigin).toBe('https://games.arcade.example');
    expect(hosted.gamesPort).toBeUndefined();
    expect(loadConfig({ ...hostedSettings(), GAMES_PORT: '4322' }).gamesPort).toBe(4322);
  });

  it('refuses a public arcade without one, the arcade itself, a path, and a port that is taken', () => {
    const refused = (settings: Record<string, string>, message: RegExp) =>
      expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY, ...settings })).toThrow(message);
    refused({ SITE_URL: 'https://arcade.example', MAIL_OUTBOX: '1' }, /GAMES_ORIGIN is not set/);
    refused({ ...hostedSettings(), GAMES_ORIGIN: 'https://arcade.example' }, /the arcade's own origin/);
    refused({ ...hostedSettings(), GAMES_ORIGIN: 'https://games.example/play' }, /must be an origin/);
    refused({ ...hostedSettings(), GAMES_ORIGIN: '*' }, /must be an origin/);
    refused({ ...hostedSettings(), GAMES_PORT: '4321' }, /must differ from PORT/);
    refused({ ...hostedSettings(), GAMES_PORT: 'x' }, /GAMES_PORT must be a port number/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SECRET_KEY, SITE_URL: 'https://arcade.example', MAIL_OUTBOX: '1' }),
    ).toThrow(ConfigError);
  });
});

function hostedSettings() {
  return {
    DATA_DIR: dataDir,
    SECRET_KEY,
    SITE_URL: 'https://arcade.example',
    MAIL_OUTBOX: '1',
    GAMES_ORIGIN: 'https://games.arcade.example',
  };
}

describe("the game's side of the handshake", () => {
  it('takes only an exact http(s) origin as its arcade', () => {
    expect(validOrigin('https://arcade.example')).toBe('https://arcade.example');
    expect(validOrigin('https://arcade.example/')).toBe('https://arcade.example');
    expect(validOrigin('http://localhost:4321')).toBe('http://localhost:4321');
    for (const bad of [
      '*',
      'null',
      '',
      'https://arcade.example/path',
      'https://user@arcade.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://arcade.example?x',
      undefined,
    ])
      expect(validOrigin(bad), String(bad)).toBeNull();
  });

  it("accepts a message only from its parent, the arcade's exact origin, with its frame's nonce", () => {
    const parent = {};
    const self = {};
    const token = { type: 'ARCADE_TOKEN', token: 'a.b.c', nonce: 'n0nce' };
    const event = (over: object) => ({ origin: 'https://arcade.example', source: parent, data: token, ...over });
    const accept = (e: { origin: string; source: unknown; data: unknown }, nonce = 'n0nce', parentWindow = parent) =>
      acceptArcadeMessage(e, 'https://arcade.example', nonce, parentWindow);
    expect(accept(event({}))).toEqual(token);
    expect(accept(event({ origin: 'https://evil.example' }))).toBeNull();
    expect(accept(event({ origin: 'https://arcade.example:444' }))).toBeNull();
    expect(accept(event({ source: {} }))).toBeNull();
    expect(accept(event({ data: { ...token, nonce: 'other' } }))).toBeNull();
    expect(accept(event({ data: { type: 'ARCADE_TOKEN', token: 'a.b.c' } }))).toBeNull();
    expect(accept(event({}), '')).toBeNull();
    expect(accept(event({ data: 'ARCADE_TOKEN' }))).toBeNull();
    // played on its own: no parent to listen to
    (globalThis as { window?: object }).window = self;
    expect(accept(event({ source: self }), 'n0nce', self)).toBeNull();
    delete (globalThis as { window?: object }).window;
  });
});

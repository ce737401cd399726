import { describe, expect, it } from 'vitest';
import { ConfigError, gamesListenHosts, gamesOriginSetting, loadConfig } from '~/server/shared/config';
// the games' side of the handshake (the Game SDK, games/sdk/arcade-sdk.js), a plain ES module
import { acceptArcadeMessage, validOrigin } from '~games/sdk/arcade-sdk.js';

const dataDir = '/tmp/sats-arcade-games-origin-test';
const SECRET_KEY = 'x'.repeat(32);

describe('GAMES_ORIGIN', () => {
  it("defaults, on this machine, to the arcade's other loopback name on the next port: a cookie jar of its own", () => {
    expect(gamesOriginSetting({})).toBe('http://127.0.0.1:4322');
    expect(gamesOriginSetting({ PORT: '8080' })).toBe('http://127.0.0.1:8081');
    expect(gamesOriginSetting({ SITE_URL: 'http://127.0.0.1:5000' })).toBe('http://localhost:5001');
    expect(gamesOriginSetting({ SITE_URL: 'http://127.0.0.2:5000' })).toBe('http://localhost:5001');
    expect(gamesOriginSetting({ SITE_URL: 'http://arcade.localhost:5000' })).toBe('http://127.0.0.1:5001');
    expect(gamesOriginSetting({ HOST: '::1' })).toBe('http://127.0.0.1:4322');
    expect(gamesOriginSetting({ HOST: '127.0.0.1', PORT: '4500' })).toBe('http://localhost:4501');
    expect(gamesOriginSetting({ SITE_URL: 'https://arcade.example' })).toBeUndefined();
    expect(gamesOriginSetting({ SITE_URL: 'https://arcade.example', GAMES_ORIGIN: 'https://g.example' })).toBe(
      'https://g.example',
    );
  });

  it('listens on the next port by default, and by Host alone for a games host of its own', () => {
    const local = loadConfig({ DATA_DIR: dataDir, SECRET_KEY, PORT: '4400' });
    expect(local.gamesOrigin).toBe('http://127.0.0.1:4401');
    expect(local.gamesPort).toBe(4401);
    const hosted = loadConfig({ ...hostedSettings(), GAMES_ORIGIN: 'https://arcade-games.example/' });
    expect(hosted.gamesOrigin).toBe('https://arcade-games.example');
    expect(hosted.gamesPort).toBeUndefined();
    expect(loadConfig({ ...hostedSettings(), GAMES_PORT: '4322' }).gamesPort).toBe(4322);
  });

  it("listens for the games on their own loopback name's every address, wherever localhost resolves", () => {
    expect(gamesListenHosts('localhost', 'http://127.0.0.1:4322')).toEqual(['127.0.0.1']);
    expect(gamesListenHosts('127.0.0.1', 'http://localhost:4322')).toEqual(['127.0.0.1', '::1']);
    expect(gamesListenHosts('::1', 'http://[::1]:4322')).toEqual(['::1']);
    // a server open to the network listens where it was told
    expect(gamesListenHosts('0.0.0.0', 'http://127.0.0.1:4322')).toEqual(['0.0.0.0']);
    expect(gamesListenHosts('localhost', 'https://arcade-games.example')).toEqual(['localhost']);
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

  it("refuses a public arcade's games on its own site (registrable domain, by the Public Suffix List) unless accepted", () => {
    const site =
      (SITE_URL: string, GAMES_ORIGIN: string, more: Record<string, string> = {}) =>
      () =>
        loadConfig({ DATA_DIR: dataDir, SECRET_KEY, MAIL_OUTBOX: '1', SITE_URL, GAMES_ORIGIN, ...more }).gamesOrigin;
    const sameSite = (registrable: string) =>
      new RegExp(
        `on the same site \\(${registrable.replace(/\./g, '\\.')}\\) as the arcade.*set cookies.*itch\\.zone.*ALLOW_SAME_SITE_GAMES=true`,
      );
    expect(site('https://arcade.example.co.uk', 'https://games.example.co.uk')).toThrow(sameSite('example.co.uk'));
    expect(site('https://arcade.example.co.uk', 'https://games.example.co.uk')).toThrow(
      /e\.g\. GAMES_ORIGIN=https:\/\/example-games\.co\.uk/,
    );
    expect(site('https://arcade.example', 'https://games.arcade.example')).toThrow(sameSite('arcade.example'));
    expect(site('https://play.arcade.example', 'https://arcade.example')).toThrow(sameSite('arcade.example'));
    expect(site('https://arcade.example', 'https://arcade.example:8443')).toThrow(sameSite('arcade.example'));
    expect(site('https://203.0.113.5', 'https://203.0.113.5:8443')).toThrow(sameSite('203.0.113.5'));
    // accepted on purpose, it starts
    expect(
      site('https://arcade.example.co.uk', 'https://games.example.co.uk', { ALLOW_SAME_SITE_GAMES: 'true' })(),
    ).toBe('https://games.example.co.uk');
    expect(site('https://arcade.example', 'https://games.arcade.example', { ALLOW_SAME_SITE_GAMES: 'no' })).toThrow(
      /ALLOW_SAME_SITE_GAMES must be true or false/,
    );
    // another registrable domain is another site: a public suffix is no one's site
    expect(site('https://arcade.example.co.uk', 'https://example-games.co.uk')()).toBe('https://example-games.co.uk');
    expect(site('https://arcade.example', 'https://arcade-games.example')()).toBe('https://arcade-games.example');
    expect(site('https://satsarcade.github.io', 'https://satsgames.github.io')()).toBe('https://satsgames.github.io');
    expect(site('https://arcade.example.com', 'https://arcade.example.net')()).toBe('https://arcade.example.net');
    // on this machine the operator's own choice stands (the default is the other loopback name)
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY, GAMES_ORIGIN: 'http://localhost:4400' }).gamesOrigin).toBe(
      'http://localhost:4400',
    );
  });
});

function hostedSettings() {
  return {
    DATA_DIR: dataDir,
    SECRET_KEY,
    SITE_URL: 'https://arcade.example',
    MAIL_OUTBOX: '1',
    GAMES_ORIGIN: 'https://arcade-games.example',
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

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteUrlSetting, warnOnOtherBuildSite } from '~/server/shared/config';

describe('the SITE_URL the pages were built for', () => {
  const warnings = (siteUrl: string, loopbackSite: boolean, builtFor: string | undefined) => {
    const said: string[] = [];
    warnOnOtherBuildSite(siteUrl, loopbackSite, builtFor, (message) => said.push(message));
    return said;
  };

  it('is said at start when a public server serves another address', () => {
    expect(warnings('https://arcade.example', false, 'http://localhost:4321')).toEqual([
      "[arcade] warning: SITE_URL is https://arcade.example, but the pages were built for http://localhost:4321: their canonical links, link previews and the play page's allowed frames name http://localhost:4321. Build again with SITE_URL=https://arcade.example (./arcade start builds with it).",
    ]);
  });

  it('is not said for the same origin however it is written, for a loopback server, or without a build site', () => {
    expect(warnings('https://arcade.example', false, 'https://arcade.example/')).toEqual([]);
    expect(warnings('https://Arcade.example:443', false, 'https://arcade.example')).toEqual([]);
    expect(warnings('http://127.0.0.1:4600', true, 'http://localhost:4321')).toEqual([]);
    expect(warnings('https://arcade.example', false, undefined)).toEqual([]);
  });
});

describe('the SITE_URL in force', () => {
  it('is the one given', () => {
    expect(siteUrlSetting({ SITE_URL: 'https://arcade.example', HOST: '0.0.0.0', PORT: '8080' })).toBe(
      'https://arcade.example',
    );
  });

  it('without one, is this machine on PORT, at HOST when that is a loopback address', () => {
    expect(siteUrlSetting({})).toBe('http://localhost:4321');
    expect(siteUrlSetting({ PORT: '4792' })).toBe('http://localhost:4792');
    expect(siteUrlSetting({ SITE_URL: '', HOST: '127.0.0.1', PORT: '4792' })).toBe('http://127.0.0.1:4792');
    expect(siteUrlSetting({ HOST: '::1', PORT: '4792' })).toBe('http://[::1]:4792');
    expect(siteUrlSetting({ HOST: 'localhost', PORT: '4792' })).toBe('http://localhost:4792');
    // a server open to every interface is still reached here as localhost
    expect(siteUrlSetting({ HOST: '0.0.0.0', PORT: '4792' })).toBe('http://localhost:4792');
    expect(siteUrlSetting({ HOST: '::', PORT: '4792' })).toBe('http://localhost:4792');
  });
});

describe('settings read with SITE_URL', () => {
  const settings = { SECRET_KEY: 'k'.repeat(32) };

  it('HSTS_PRELOAD is true or false, and anything else stops the server with its name', () => {
    expect(loadConfig({ ...settings, HSTS_PRELOAD: 'true' }).hstsPreload).toBe(true);
    expect(loadConfig({ ...settings, HSTS_PRELOAD: '0' }).hstsPreload).toBe(false);
    expect(loadConfig(settings).hstsPreload).toBe(false);
    expect(() => loadConfig({ ...settings, HSTS_PRELOAD: 'yes' })).toThrow(
      new ConfigError('HSTS_PRELOAD must be true or false, not "yes"'),
    );
  });

  it('a PORT that is no port number stops the server, rather than a SITE_URL nobody gave', () => {
    expect(() => loadConfig({ ...settings, PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be a port number such as 4321, not "eighty"'),
    );
    expect(loadConfig({ ...settings, PORT: '4792' }).siteUrl).toBe('http://localhost:4792');
  });
});

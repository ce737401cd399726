import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cspWithGamesOrigin,
  frameSources,
  pageDirectives,
  preferredEncodings,
  referenceGameCsp,
  withGamesOrigin,
} from '~/server/static/headers';
import { withArcadeOrigin } from '~/server/static/static-files';

describe('static file headers', () => {
  it('hashed assets are cached for a year, everything else is revalidated', () => {
    expect(cacheControlFor('/_astro/Toaster.B3Kew9jv.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/about/index.html')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/images/hero.svg')).toBe('public, max-age=0, must-revalidate');
  });

  it("the reference games' pages name the arcade exactly: the API they call, the only page that may frame them", () => {
    const csp = referenceGameCsp('https://arcade.example');
    expect(csp).toContain('connect-src https://arcade.example;');
    expect(csp).toContain('frame-ancestors https://arcade.example;');
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('*');
    expect(csp).not.toContain("frame-ancestors 'self'");
  });

  it("a game's page gets the arcade's origin written in, once, whatever it held", () => {
    const page =
      '<!doctype html>\n<html><head>\n<meta name="arcade-origin" content="https://evil.example" /><title>x</title></head></html>';
    const served = withArcadeOrigin(page, 'https://arcade.example');
    expect(served.match(/arcade-origin/g)).toHaveLength(1);
    expect(served).toContain('<meta name="arcade-origin" content="https://arcade.example" />');
    expect(served).not.toContain('evil.example');
  });

  it('Brotli is preferred over gzip unless the browser weighs them otherwise, and q=0 refuses a coding', () => {
    expect(preferredEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(preferredEncodings('gzip')).toEqual(['gzip']);
    expect(preferredEncodings('br;q=0.5, gzip;q=0.9')).toEqual(['gzip', 'br']);
    expect(preferredEncodings('br;q=0, *')).toEqual(['gzip']);
    expect(preferredEncodings('identity')).toEqual([]);
    expect(preferredEncodings(undefined)).toEqual([]);
  });
});

describe('content security policy', () => {
  it("relative catalogue URLs are on the games' origin, never the arcade's; other hosts are framed by origin", () => {
    const site = 'https://arcade.example.com';
    const games = 'https://games.arcade.example.com';
    expect(frameSources(['/arcade-games/rekt/', '/arcade-games/mr-quiz/'], site, games)).toEqual([games]);
    expect(
      frameSources(['https://games.example.net/rekt/?x=1', '/arcade-games/rekt/', 'javascript:alert(1)'], site, games),
    ).toEqual([games, 'https://games.example.net']);
  });

  it("the running server's games origin replaces the one the build framed", () => {
    const built = 'http://localhost:4322';
    expect(withGamesOrigin([built, 'https://games.example.net'], built, 'http://127.0.0.1:5001')).toEqual([
      'http://127.0.0.1:5001',
      'https://games.example.net',
    ]);
    const csp = `default-src 'self'; script-src 'self' 'sha256-x'; frame-src ${built}; object-src 'none'`;
    expect(cspWithGamesOrigin(csp, built, 'https://games.arcade.example')).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x'; frame-src https://games.arcade.example; object-src 'none'",
    );
  });

  it('pages may be framed by the arcade only and frame only what the catalogue names', () => {
    const directives = pageDirectives(['https://games.arcade.example', 'https://games.example.net']);
    expect(directives).toContain("frame-ancestors 'self'");
    expect(directives).toContain('frame-src https://games.arcade.example https://games.example.net');
    expect(pageDirectives([])).toContain("frame-src 'none'");
    expect(directives).toContain("object-src 'none'");
    expect(directives.join(';')).not.toContain('unsafe-inline');
  });
});

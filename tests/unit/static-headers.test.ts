import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  frameOptionsFor,
  frameSources,
  pageDirectives,
  preferredEncodings,
} from '~/server/static/headers';

describe('static file headers', () => {
  it('hashed assets are cached for a year, everything else is revalidated', () => {
    expect(cacheControlFor('/_astro/Toaster.B3Kew9jv.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/about/index.html')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/images/hero.svg')).toBe('public, max-age=0, must-revalidate');
  });

  it('only the reference games may be framed, and only by the arcade itself', () => {
    expect(frameOptionsFor('/arcade-games/rekt/index.html')).toBe('SAMEORIGIN');
    expect(frameOptionsFor('/play/index.html')).toBe('DENY');
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
  it('relative catalogue URLs are the arcade itself; other hosts are framed by origin', () => {
    const site = 'https://arcade.example.com';
    expect(frameSources(['/arcade-games/rekt/', '/arcade-games/mr-quiz/'], site)).toEqual(["'self'"]);
    expect(
      frameSources(['https://games.example.net/rekt/?x=1', '/arcade-games/rekt/', 'javascript:alert(1)'], site),
    ).toEqual(["'self'", 'https://games.example.net']);
  });

  it('pages may be framed by the arcade only and frame only what the catalogue names', () => {
    const directives = pageDirectives(["'self'", 'https://games.example.net']);
    expect(directives).toContain("frame-ancestors 'self'");
    expect(directives).toContain("frame-src 'self' https://games.example.net");
    expect(directives).toContain("object-src 'none'");
    expect(directives.join(';')).not.toContain('unsafe-inline');
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every address the server answers is in the handbook's list of calls (handbook/src/content/docs/api/
// index.md), which points to the one page that documents it: a new route without a line there fails.
// The handbook's own links are checked by its build (npm run docs); the README's, to files of the
// repository, here.

const root = join(import.meta.dirname, '../..');
const PAGES = join(root, 'src/pages');

/** The addresses of the server's routes under src/pages/api (and the two outside it), as the list spells them. */
function routes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        const address = `/${relative(PAGES, path)}`
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .replace(/\[([^\]]+)\]/g, '{$1}');
        if (!address.includes('{...')) found.push(address);
      }
    }
  };
  walk(join(PAGES, 'api'));
  return [...found, '/.well-known/lnurlp/{name}', '/metrics'].sort();
}

describe("the handbook's list of calls", () => {
  it('names every route of the server, each once', () => {
    const list = readFileSync(join(root, 'handbook/src/content/docs/api/index.md'), 'utf8');
    const listed = [...list.matchAll(/^\| `([^`]+)` \| \[/gm)].map((match) => match[1]).sort();
    expect(routes().length).toBeGreaterThan(60);
    expect(listed).toEqual(routes());
  });
});

describe('the README', () => {
  it('links only to files that exist', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets.filter((t) => !/^[a-z]+:/.test(t))) {
      expect(existsSync(join(root, target.split('#')[0])), target).toBe(true);
    }
  });
});

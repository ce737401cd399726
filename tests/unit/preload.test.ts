import { describe, expect, it } from 'vitest';
import { preloadLinks } from '../../scripts/build/preload';

const files: Record<string, string> = {
  '/_astro/client.js': 'import{a}from"./arcade.js";export default a;',
  '/_astro/Header.js':
    'import{b as c}from"./arcade.js";import"./side.js";const lazy=()=>import("./Later.js");export{c as default};',
  '/_astro/Carousel.js': 'import{a}from"./arcade.js";import{x}from"./carousel-only.js";export default a;',
  '/_astro/arcade.js': 'export const a=1,b=2;',
  '/_astro/side.js': 'console.log(1);',
  '/_astro/carousel-only.js': 'export const x=1;',
  '/_astro/Later.js': 'export default 1;',
  '/_astro/site.css':
    '@font-face{font-family:Pixel;font-weight:400;src:url(/_astro/pixel-full.woff2) format("woff2")}' +
    '@font-face{font-family:Pixel;font-weight:400;src:url(/_astro/pixel.woff2) format("woff2");unicode-range:U+20-7E}body{color:red}',
};
const read = (path: string) => files[path];

describe('preload links', () => {
  it("a page preloads none of its islands' scripts, and leaves its fonts to the layout", () => {
    const html = `<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body>
      <astro-island uid="1" component-url="/_astro/Header.js" renderer-url="/_astro/client.js" client="load"></astro-island>
      <astro-island uid="2" component-url="/_astro/Carousel.js" renderer-url="/_astro/client.js" client="visible"></astro-island>
    </body></html>`;
    expect(preloadLinks(html, read)).toEqual([]);
  });
});

describe('module preloads', () => {
  it("a page's own module script gets its whole static import graph preloaded, and nothing it imports lazily", () => {
    const html = `<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body>
      <astro-island uid="2" component-url="/_astro/Carousel.js" renderer-url="/_astro/client.js" client="visible"></astro-island>
      <script type="module" src="/_astro/Header.js"></script>
    </body></html>`;
    expect(preloadLinks(html, read)).toEqual([
      '<link rel="modulepreload" href="/_astro/arcade.js">',
      '<link rel="modulepreload" href="/_astro/side.js">',
    ]);
  });
});

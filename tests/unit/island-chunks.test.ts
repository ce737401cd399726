import { describe, expect, it } from 'vitest';
import { pointIslands, reexported } from '../../scripts/build/island-chunks';

const files: Record<string, string> = {
  '/_astro/TournamentMenu.a1.js': 'export{r as default}from"./arcade.Cn1.js";',
  '/_astro/PlayButton.b2.js': 'export{t as default}from"./games.Xy-2.js";\n',
  '/_astro/HomeScreen.c3.js': 'import{a}from"./arcade.Cn1.js";export{a as default};',
  '/_astro/client.d4.js': 'export{n as default}from"./react.D02.js";',
};
const read = (path: string) => files[path];
const island = (url: string, exported = 'default') =>
  `<astro-island uid="1" component-url="${url}" component-export="${exported}" renderer-url="/_astro/client.d4.js" ssr client="paint"></astro-island>`;

describe("the built pages' islands", () => {
  it('load the shared chunk that a re-exporting chunk names, with its export', () => {
    expect(pointIslands(island('/_astro/TournamentMenu.a1.js'), read)).toBe(island('/_astro/arcade.Cn1.js', 'r'));
    expect(pointIslands(island('/_astro/PlayButton.b2.js'), read)).toBe(island('/_astro/games.Xy-2.js', 't'));
  });

  it('keep their own chunk when it holds code, when it is unknown, and keep the renderer', () => {
    for (const url of ['/_astro/HomeScreen.c3.js', '/_astro/Missing.e5.js'])
      expect(pointIslands(island(url), read)).toBe(island(url));
    expect(pointIslands(island('/_astro/TournamentMenu.a1.js'), read)).toContain('renderer-url="/_astro/client.d4.js"');
  });

  it('tells a re-exporting chunk from any other', () => {
    expect(reexported(files['/_astro/TournamentMenu.a1.js']!)).toEqual({ name: 'r', file: 'arcade.Cn1.js' });
    expect(reexported(files['/_astro/HomeScreen.c3.js']!)).toBeNull();
    expect(reexported('export{r as default}from"https://evil.example/x.js";')).toBeNull();
  });
});

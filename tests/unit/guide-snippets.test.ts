import { describe, expect, it } from 'vitest';
import { checkGuideSnippets, snippetsOf } from '../../scripts/check-guide-snippets.mjs';

// The guide's own code type-checks against the Game SDK's types (issue 33): a studio copies it.

describe("the guide's snippets (the handbook's Bring your own game)", () => {
  it('type-check against the SDK, every ```js and ```ts one', { timeout: 60_000 }, () => {
    expect(checkGuideSnippets()).toEqual([]);
  });

  it('fail on a wrong SDK call or a best that may be null, naming the line', { timeout: 60_000 }, () => {
    const broken = [
      '# A guide',
      '',
      '```js',
      "const outcome = await arcade.submit({ runId: 'r', score: 1 });",
      'if (outcome.ok) show(`Best: ${outcome.best.score}`);',
      '```',
      '',
      '```sh',
      'not code: never checked',
      '```',
      '',
      '```ts',
      'const ticket = await arcade.startRun();',
      'show(ticket.question);',
      'arcade.submit({ run: 1 });',
      '```',
    ].join('\n');
    expect(snippetsOf(broken).map((s) => [s.lang, s.line])).toEqual([
      ['js', 4],
      ['ts', 13],
    ]);
    const errors = checkGuideSnippets(broken, 'broken.md');
    expect(errors).toEqual([
      expect.stringMatching(/^broken\.md:5: 'outcome\.best' is possibly 'null'/),
      expect.stringMatching(/^broken\.md:14: 'ticket' is possibly 'null'/),
      expect.stringMatching(/^broken\.md:14: Property 'question' does not exist/),
      expect.stringMatching(/^broken\.md:15: .*'run' does not exist in type 'RunResult'/),
    ]);
  });
});

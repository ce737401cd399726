import { describe, expect, it } from 'vitest';
import { shortened } from '~/lib/format';

describe('a reason shortened for a column or a line', () => {
  it('keeps a text that fits, and cuts a longer one at a word with an ellipsis, never mid-word', () => {
    expect(shortened('no route', 100)).toBe('no route');
    const reason = 'The wallet refused: failed to decode the invoice; try running Node.js with a newer decoder';
    const cut = shortened(reason, 60);
    expect(cut).toBe('The wallet refused: failed to decode the invoice; try…');
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(reason.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('cuts a text without spaces where it must', () => {
    expect(shortened('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

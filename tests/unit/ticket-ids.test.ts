import { describe, expect, it } from 'vitest';
import { ticketFacts, ticketRunId } from '~/server/games/ticket-ids';

const facts = { userId: 4711, seed: 4_294_967_294, startedAt: Date.parse('2026-11-24T10:00:00.000Z') };

describe('run ticket ids', () => {
  it("spell the ticket's start, player and seed in base 36, and read back as those facts", () => {
    const id = ticketRunId(facts);
    // 1795514400000 ms, player 4711 and seed 4294967294, in base 36.
    expect(id).toBe('mwuiwxs0.3mv.1z141z2');
    // Fits the Game API's runId rule (1-100 of A-Z a-z 0-9 _ . : -).
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,100}$/);
    expect(ticketFacts(id)).toEqual(facts);
  });

  it('read nothing from ids of another form, or of another spelling of the same numbers', () => {
    for (const other of [
      '0mwuiwxs0.3mv.1z141z2',
      'mwuiwxs0.03mv.1z141z2',
      'MX1O4740.3mv.1z141z2',
      'mwuiwxs0.3mv',
      'mwuiwxs0.3mv.1z141z2.x',
      'mwuiwxs0..1z141z2',
      'zzzzzzzzzzz.1.1',
      'c0ffee00-1234-4abc-8def-0123456789ab',
      'made-up',
      '',
    ]) {
      expect({ other, facts: ticketFacts(other) }).toEqual({ other, facts: null });
    }
  });
});

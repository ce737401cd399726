import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMINS, demoPlayers, loadDemoArcade } from '../../scripts/demo-data';
import { tournamentReport } from '~/server/tournaments/board';
import { listTournaments } from '~/server/tournaments/tournaments';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

describe.each(DIALECTS)('demo tournaments on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('one active, one upcoming and two past tournaments with entries, a Markdown report and prizes', async () => {
    const now = Date.now();
    await loadDemoArcade(s.db, [...DEMO_ADMINS, ...demoPlayers(40)], now);
    const by = async (status: 'upcoming' | 'active' | 'past') =>
      (await listTournaments(s, status, now)).map((t) => [t.name, t.participantCount > 0]);
    expect(await by('active')).toEqual([['Halving Championship', true]]);
    expect(await by('upcoming')).toEqual([['HODL Marathon', false]]);
    expect(await by('past')).toEqual([
      ['Pizza Day Sprint', true],
      ['Genesis Cup', true],
    ]);
    const [, genesis] = await listTournaments(s, 'past', now);
    expect(genesis!.hasReport).toBe(true);
    expect((await tournamentReport(s.db, genesis!.id)).reportHtml).toContain('<h2>Genesis Cup: the post-mortem</h2>');
    const prizes = await s.db
      .selectFrom('prize_awards')
      .select(['prize_type', 'user_id'])
      .where('tournament_id', '=', genesis!.id)
      .execute();
    expect(prizes.filter((p) => p.prize_type === 'bitcoin')).toHaveLength(6);
    expect(prizes.filter((p) => p.prize_type === 'avatar').length).toBe(genesis!.participantCount + 1);
  });
});

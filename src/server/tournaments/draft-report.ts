import { countryName } from '~/lib/countries';
import { prizeReasonLabel } from '~/lib/tournament-prizes';
import type { Db } from '../db';
import { tournamentRow } from './tournaments';

const n = new Intl.NumberFormat('en-US');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Usernames are letters, digits, `_` and `-`: escape the `_` so Markdown never reads it as emphasis. */
const md = (text: string) => text.replace(/([\\`*_[\]#|<>])/g, '\\$1');

/**
 * A first draft of a tournament's post-mortem report, in Markdown, from its own data: participants,
 * countries, the top ten, the score spread and the prizes. The admin edits it before saving.
 */
export async function draftReport(db: Db, tournamentId: number): Promise<string> {
  const row = await tournamentRow(db, tournamentId);
  const entries = await db
    .selectFrom('tournament_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.username', 'u.country', 'e.best_score', 'e.runs'])
    .where('e.tournament_id', '=', tournamentId)
    // the players on the boards, as the tournament's board shows them (README, "Player management")
    .where('u.banned_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('e.best_score', 'desc')
    .orderBy('e.best_reached_at')
    .orderBy('e.user_id')
    .execute();
  const awards = await db
    .selectFrom('prize_awards as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
    .select(['p.prize_type', 'p.prize_value', 'p.award_reason', 'u.username', 'a.name as avatar_name'])
    .where('p.tournament_id', '=', tournamentId)
    .orderBy('p.id')
    .execute();

  const lines = [
    `# ${md(row.name)}: the report`,
    '',
    `${day(row.start_at)} to ${day(row.end_at)}, ${entries.length === 1 ? '1 player' : `${n.format(entries.length)} players`}.`,
    '',
  ];
  if (entries.length === 0) return [...lines, 'Nobody took part in this tournament.', ''].join('\n');

  const runs = entries.reduce((sum, e) => sum + Number(e.runs), 0);
  const countries = new Map<string, number>();
  for (const e of entries)
    if (e.country && e.country !== 'XX') countries.set(e.country, (countries.get(e.country) ?? 0) + 1);
  const scores = entries.map((e) => Number(e.best_score)).sort((a, b) => a - b);
  const median =
    scores.length % 2
      ? scores[(scores.length - 1) / 2]!
      : Math.round((scores[scores.length / 2 - 1]! + scores[scores.length / 2]!) / 2);
  const mean = Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);

  lines.push('## Participation', '', `- Players: ${n.format(entries.length)}`, `- Runs played: ${n.format(runs)}`);
  if (countries.size) {
    const top = [...countries].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
    lines.push(
      `- Countries: ${countries.size} (${top.map(([code, count]) => `${countryName(code)} ${count}`).join(', ')})`,
    );
  }
  lines.push('', '## Top ten', '', '| Rank | Player | Score |', '| ---: | --- | ---: |');
  entries
    .slice(0, 10)
    .forEach((e, i) => lines.push(`| ${i + 1} | ${md(e.username)} | ${n.format(Number(e.best_score))} |`));
  lines.push(
    '',
    '## Scores',
    '',
    `- Highest: ${n.format(scores.at(-1)!)}`,
    `- Median: ${n.format(median)}`,
    `- Average: ${n.format(mean)}`,
    `- Lowest: ${n.format(scores[0]!)}`,
    '',
  );

  lines.push('## Prizes', '');
  if (awards.length === 0) lines.push('Winners have not been processed yet.');
  const sats = awards.filter((a) => a.prize_type === 'bitcoin');
  if (sats.length) {
    lines.push(
      `${n.format(sats.reduce((sum, a) => sum + Number(a.prize_value), 0))} sats in ${sats.length} prizes:`,
      '',
    );
    for (const a of sats)
      lines.push(
        `- ${md(a.username)}: ${n.format(Number(a.prize_value))} sats (${prizeReasonLabel('bitcoin', a.award_reason)})`,
      );
    lines.push('');
  }
  const avatars = new Map<string, number>();
  for (const a of awards)
    if (a.prize_type === 'avatar')
      avatars.set(a.avatar_name ?? 'a retired avatar', (avatars.get(a.avatar_name ?? 'a retired avatar') ?? 0) + 1);
  for (const [name, count] of avatars) lines.push(`- ${md(name)}: ${count === 1 ? '1 player' : `${count} players`}`);
  lines.push('');
  return lines.join('\n');
}

// How much skill counts in Fishing for Sats! (notes/games.md): many trips fished by the autoplayer
// (scripts/autoplay.ts) with each reeling strategy, under the rules of version 1 and of version 2.
// Run: npx tsx scripts/fishing-skill.ts [trips]
import { playFishing, type ReelStrategy } from './autoplay';

const trips = Number(process.argv[2] ?? 200);
const T0 = Date.UTC(2026, 10, 28, 12);

function measure(rules: number, reel: ReelStrategy, powers: number[]) {
  let casts = 0;
  let landed = 0;
  let top = 0;
  let total = 0;
  let best = { score: 0, fish: [] as { name: string; points: number }[] };
  const plays: { score: number; fish: { points: number }[] }[] = [];
  const quality = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < trips; i++) {
    const play = playFishing(1000 + i * 7919, T0 + i * 600_000, { powers, rules, reel });
    casts += 5;
    landed += play.fish.length;
    total += play.score;
    for (const f of play.fish) {
      quality[f.quality] += 1;
      if (f.quality >= 4) top += 1;
    }
    if (play.score > best.score) best = play;
    plays.push(play);
  }
  const bestFish = Math.max(...best.fish.map((f) => f.points));
  // the largest share one fish has of a trip among the ten best
  const tenBest = plays.sort((a, b) => b.score - a.score).slice(0, 10);
  const biggestShare = Math.max(...tenBest.map((p) => Math.max(0, ...p.fish.map((f) => f.points)) / p.score));
  return {
    landed: `${landed}/${casts}`,
    'q4-5': `${Math.round((100 * top) / Math.max(1, landed))}%`,
    quality: quality.slice(1).join('/'),
    mean: Math.round(total / trips),
    best: best.score,
    'best fish of best': `${bestFish} (${best.fish.find((f) => f.points === bestFish)?.name})`,
    'one fish of a top-10 trip': `${Math.round(biggestShare * 100)}%`,
  };
}

const rows: Record<string, unknown> = {};
for (const [name, powers] of [
  ['mixed', [0.3, 0.5, 0.7, 0.9, 0.45]],
  ['deep', [0.9, 0.9, 0.9, 0.9, 0.9]],
] as const) {
  rows[`v1 0.62 rule, ${name}`] = measure(1, { kind: 'threshold', threshold: 0.62 }, [...powers]);
  for (const threshold of [0.35, 0.45, 0.55, 0.62])
    rows[`v2 ${threshold} rule, ${name}`] = measure(2, { kind: 'threshold', threshold }, [...powers]);
  rows[`v2 skilled, ${name}`] = measure(2, { kind: 'skilled' }, [...powers]);
}
console.table(rows);

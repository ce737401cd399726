/** The medals of a final board: gold, silver and bronze for its first three ranks. */
export const MEDALS = ['gold', 'silver', 'bronze'] as const;
export type Medal = (typeof MEDALS)[number];
/** The medal of a final rank: 1 gold, 2 silver, 3 bronze, else null ('#n'). */
export const medalOf = (rank: number): Medal | null => MEDALS[rank - 1] ?? null;

/** What a ranked set orders: higher score first, then who reached it first, then the lower id. */
export interface Ranked {
  readonly id: number;
  score: number;
  /** When the score was reached (ms): earlier wins a tie. */
  at: number;
}

/** Negative when `a` ranks above `b`; 0 only for the same key. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.score - a.score || a.at - b.at || a.id - b.id;
}

/** Entries per block before it splits in two. */
const MAX_BLOCK = 1024;

/**
 * An order-statistic set: entries sorted by {@link compareRanked} in blocks of at most
 * {@link MAX_BLOCK}, with a Fenwick tree over the block sizes. Finding an entry's rank, the entry
 * at a rank, inserting and deleting each cost O(log n) comparisons plus a move inside one block.
 *
 * Entries are held by reference: change an entry's key only after deleting it, then insert it again.
 */
export class RankedSet<T extends Ranked> {
  private blocks: T[][] = [];
  /** Fenwick tree over `blocks[i].length`, 1-based. */
  private tree = new Int32Array(1);
  private count = 0;

  /** Build from entries already in rank order (O(n)). */
  static fromSorted<T extends Ranked>(sorted: readonly T[]): RankedSet<T> {
    const set = new RankedSet<T>();
    const half = MAX_BLOCK >> 1;
    for (let i = 0; i < sorted.length; i += half) set.blocks.push(sorted.slice(i, i + half));
    set.count = sorted.length;
    set.rebuild();
    return set;
  }

  get size(): number {
    return this.count;
  }

  /** Add an entry; its key must not be in the set yet. */
  insert(entry: T): void {
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      this.count = 1;
      this.rebuild();
      return;
    }
    const b = Math.min(this.blockFor(entry), this.blocks.length - 1);
    const block = this.blocks[b]!;
    block.splice(lowerBound(block, entry), 0, entry);
    this.count++;
    if (block.length > MAX_BLOCK) {
      this.blocks.splice(b + 1, 0, block.splice(block.length >> 1));
      this.rebuild();
    } else {
      this.add(b, 1);
    }
  }

  /** Remove the entry with `entry`'s current key; false when there is none. */
  delete(entry: T): boolean {
    const found = this.locate(entry);
    if (!found) return false;
    const [b, i] = found;
    const block = this.blocks[b]!;
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      this.rebuild();
    } else {
      this.add(b, -1);
    }
    return true;
  }

  /** The 1-based rank of the entry with `entry`'s key, or null when it is not in the set. */
  rankOf(entry: T): number | null {
    const found = this.locate(entry);
    return found ? this.prefix(found[0]) + found[1] + 1 : null;
  }

  /** Up to `limit` entries from the 0-based position `offset`, in rank order. */
  slice(offset: number, limit: number): T[] {
    const out: T[] = [];
    if (offset < 0 || offset >= this.count || limit <= 0) return out;
    let [b, i] = this.position(offset);
    while (out.length < limit && b < this.blocks.length) {
      const block = this.blocks[b]!;
      const take = block.slice(i, i + (limit - out.length));
      for (const entry of take) out.push(entry);
      b++;
      i = 0;
    }
    return out;
  }

  /** Every entry in rank order (for tests and diagnostics). */
  toArray(): T[] {
    return this.blocks.flat();
  }

  /** Index of the first block whose last entry ranks at or below `entry` (blocks.length if none). */
  private blockFor(entry: T): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid]!;
      if (compareRanked(block[block.length - 1]!, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private locate(entry: T): [number, number] | null {
    const b = this.blockFor(entry);
    if (b >= this.blocks.length) return null;
    const block = this.blocks[b]!;
    const i = lowerBound(block, entry);
    return i < block.length && compareRanked(block[i]!, entry) === 0 ? [b, i] : null;
  }

  /** Block and index inside it of the 0-based position `offset` (< size). */
  private position(offset: number): [number, number] {
    // Fenwick descent: the largest block index whose prefix sum is <= offset.
    let at = 0;
    let rest = offset;
    for (let step = highestPowerOfTwo(this.blocks.length); step > 0; step >>= 1) {
      const next = at + step;
      if (next <= this.blocks.length && this.tree[next]! <= rest) {
        at = next;
        rest -= this.tree[next]!;
      }
    }
    return [at, rest];
  }

  /** Entries in the blocks before block `b`. */
  private prefix(b: number): number {
    let sum = 0;
    for (let i = b; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  private add(b: number, delta: number): void {
    for (let i = b + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  private rebuild(): void {
    const n = this.blocks.length;
    const tree = new Int32Array(n + 1);
    for (let i = 1; i <= n; i++) {
      tree[i]! += this.blocks[i - 1]!.length;
      const parent = i + (i & -i);
      if (parent <= n) tree[parent]! += tree[i]!;
    }
    this.tree = tree;
  }
}

function lowerBound<T extends Ranked>(block: readonly T[], entry: T): number {
  let lo = 0;
  let hi = block.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareRanked(block[mid]!, entry) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function highestPowerOfTwo(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return n === 0 ? 0 : p;
}

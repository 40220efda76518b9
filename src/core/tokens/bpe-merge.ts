/**
 * Byte-pair merging in O(n log n). gpt-tokenizer's `bytePairMerge` (like tiktoken's reference
 * loop) rescans every pair after every merge: O(n²) in one pre-token, so 40,000 emoji, a run
 * of punctuation or of zero-width joiners (one pre-token each, whatever their length) took
 * seconds to minutes. This is the same algorithm — always merge the adjacent pair of lowest
 * rank, the leftmost on a tie — on a linked list with a heap of candidate pairs, so its output
 * is identical (tested against the library's own merge), only faster on long pieces.
 */
export type RankOf = (bytes: Uint8Array) => number | undefined;

/** Pieces shorter than this keep the library's own merge, which is faster for them. */
export const longPieceBytes = 128;

export function mergeBytePairs(piece: Uint8Array, rankOf: RankOf): number[] {
  const n = piece.length;
  // Part i covers piece[i, next[i]); parts are linked left to right and know their own rank.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const rank = new Float64Array(n);
  const alive = new Uint8Array(n).fill(1);
  const byteRank = new Float64Array(256).fill(-2);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    const byte = piece[i] as number;
    if (byteRank[byte] === -2) byteRank[byte] = rankOf(piece.subarray(i, i + 1)) ?? -1;
    rank[i] = byteRank[byte] as number;
  }
  // Two parts' merge depends only on their two ranks: memoised, so a long run of repeats
  // costs a map lookup per pair instead of decoding its bytes.
  const merged = new Map<number, number>();
  const pairRank = (left: number, right: number): number => {
    const key = (rank[left] as number) * 4_194_304 + (rank[right] as number);
    let value = merged.get(key);
    if (value === undefined) {
      value = rankOf(piece.subarray(left, next[right])) ?? -1;
      merged.set(key, value);
    }
    return value;
  };
  const heap = new PairHeap();
  const pushPair = (left: number) => {
    const right = next[left] as number;
    if (right >= n) return;
    const value = pairRank(left, right);
    if (value >= 0) heap.push(value, left, next[right] as number);
  };
  for (let i = 0; i + 1 < n; i++) pushPair(i);

  while (heap.size > 0) {
    const [value, left, pairEnd] = heap.pop();
    // Stale entries: a side was merged away or grew since this pair was pushed.
    if (!alive[left]) continue;
    const right = next[left] as number;
    if (right >= n || !alive[right] || next[right] !== pairEnd) continue;
    alive[right] = 0;
    next[left] = pairEnd;
    rank[left] = value;
    if (pairEnd < n) prev[pairEnd] = left;
    pushPair(left);
    if ((prev[left] as number) >= 0) pushPair(prev[left] as number);
  }

  const ranks: number[] = [];
  for (let part = 0; part < n; part = next[part] as number) {
    if ((rank[part] as number) < 0) throw new Error('byte-pair merge produced a part outside the vocabulary');
    ranks.push(rank[part] as number);
  }
  return ranks;
}

/** A binary min-heap of (rank, left start, pair end) in parallel arrays, ordered by rank, then leftmost. */
class PairHeap {
  private ranks: number[] = [];
  private lefts: number[] = [];
  private ends: number[] = [];

  get size(): number {
    return this.ranks.length;
  }

  push(rank: number, left: number, pairEnd: number): void {
    let i = this.ranks.length;
    this.ranks.push(rank);
    this.lefts.push(left);
    this.ends.push(pairEnd);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The smallest entry; only called when `size > 0`. */
  pop(): [number, number, number] {
    const top: [number, number, number] = [
      this.ranks[0] as number,
      this.lefts[0] as number,
      this.ends[0] as number,
    ];
    const last = this.ranks.length - 1;
    this.swap(0, last);
    this.ranks.pop();
    this.lefts.pop();
    this.ends.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < last && this.before(l, smallest)) smallest = l;
      if (r < last && this.before(r, smallest)) smallest = r;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    // Inlined comparisons on plain arrays: this runs ~40 million times for a 1 MB run.
    const ra = this.ranks[a] as number;
    const rb = this.ranks[b] as number;
    return ra < rb || (ra === rb && (this.lefts[a] as number) < (this.lefts[b] as number));
  }

  private swap(a: number, b: number): void {
    const { ranks, lefts, ends } = this;
    const rank = ranks[a] as number;
    ranks[a] = ranks[b] as number;
    ranks[b] = rank;
    const left = lefts[a] as number;
    lefts[a] = lefts[b] as number;
    lefts[b] = left;
    const end = ends[a] as number;
    ends[a] = ends[b] as number;
    ends[b] = end;
  }
}

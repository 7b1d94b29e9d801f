/**
 * A cache bounded by an estimate of the memory its entries take, evicting the least recently
 * used first. Recency is kept the CLOCK way (a hit sets a flag; eviction gives a flagged entry a
 * second chance at the back of the queue), so a hit costs one Map lookup and no reordering: state
 * reads are on every transaction's path.
 *
 * Eviction can be held off for a while (`hold`/`release`): while a block's batch is being
 * written, the entries it changes must keep answering their previous values.
 */
interface Entry<V> {
  value: V;
  weight: number;
  used: boolean;
}

export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private total = 0;
  private held = false;
  /**
   * The clock hand: a live iterator, so eviction resumes where it stopped instead of skipping removed entries again.
   */
  private hand: Iterator<[string, Entry<V>]> | undefined;

  constructor(readonly maxWeight: number) {
    if (!(maxWeight > 0)) throw new RangeError('A cache needs room for at least one entry.');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The summed weight of the entries held now. */
  get weight(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value, or undefined when the key is not cached (a cached `undefined` is not supported). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** The value without counting it as used (undefined when the key is not cached). */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, weight: number): void {
    const existing = this.entries.get(key);
    if (existing) {
      this.total += weight - existing.weight;
      existing.value = value;
      existing.weight = weight;
      existing.used = true;
    } else {
      this.entries.set(key, { value, weight, used: false });
      this.total += weight;
    }
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  /** Stops evicting until `release` (the cache may grow past its bound meanwhile). */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    this.evict();
  }

  private evict(): void {
    if (this.held) return;
    while (this.total > this.maxWeight && this.entries.size > 1) {
      let next = this.hand?.next();
      if (!next || next.done) {
        this.hand = this.entries.entries();
        next = this.hand.next();
      }
      const [key, entry] = next.value as [string, Entry<V>];
      this.entries.delete(key);
      if (entry.used) {
        entry.used = false;
        this.entries.set(key, entry);
      } else {
        this.total -= entry.weight;
      }
    }
  }
}

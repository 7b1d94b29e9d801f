/**
 * The keys of one kind of record, for prefix scans that must answer synchronously (LevelDB's
 * iterators are asynchronous). Keys only, grouped in buckets by their first `bucketLength`
 * characters: a scan whose prefix is at least that long reads one bucket (a contract's storage
 * rows, one account's delegations), a shorter one reads the buckets that match.
 */
export class KeyIndex {
  private readonly buckets = new Map<string, Set<string>>();

  constructor(private readonly bucketLength: number) {}

  add(key: string): void {
    const name = key.slice(0, this.bucketLength);
    const bucket = this.buckets.get(name);
    if (bucket) bucket.add(key);
    else this.buckets.set(name, new Set([key]));
  }

  delete(key: string): void {
    const name = key.slice(0, this.bucketLength);
    const bucket = this.buckets.get(name);
    if (!bucket?.delete(key)) return;
    if (bucket.size === 0) this.buckets.delete(name);
  }

  /** The keys that start with `prefix`, in the order they were added (a copy). */
  scan(prefix: string): string[] {
    const out: string[] = [];
    if (prefix.length >= this.bucketLength) {
      for (const key of this.buckets.get(prefix.slice(0, this.bucketLength)) ?? [])
        if (key.startsWith(prefix)) out.push(key);
      return out;
    }
    for (const [name, bucket] of this.buckets) if (name.startsWith(prefix)) out.push(...bucket);
    return out;
  }
}

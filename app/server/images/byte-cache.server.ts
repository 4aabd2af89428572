/**
 * A least-recently-used cache bounded by the bytes it holds, not by the number of entries:
 * picture copies range from 2 KB to 500 KB, so a count says nothing about the memory used.
 * A Map keeps insertion order; reading an entry moves it to the end, eviction takes the front.
 */
export class ByteCache<V extends { bytes: Uint8Array }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    /** Larger entries are not kept: one would push out dozens of small ones. */
    private readonly maxEntryBytes = maxBytes / 8,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes.byteLength > this.maxEntryBytes) return;
    this.entries.set(key, value);
    this.total += value.bytes.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes.byteLength;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= value.bytes.byteLength;
  }

  /** Every entry whose key starts with `prefix` (all the copies of one picture). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }
}

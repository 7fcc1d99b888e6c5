/**
 * Values decoded from stored bodies that never change under their key (a ledger block or a
 * month-end state under its stamp, a market-cache value under its fetch time), kept by a warm
 * function instance so that later requests do not decode them again (decision 200). Bounded by
 * an estimate of the memory the values take; the least recently used go first.
 */
export class WarmMemo<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`; `bytes` is an estimate of what it takes (a value above the bound is not kept). */
  set(key: string, value: V, bytes: number): void {
    const before = this.entries.get(key);
    if (before) {
      this.entries.delete(key);
      this.bytes -= before.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

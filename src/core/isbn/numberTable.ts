// A hash table from positive whole-number keys (exact below 2^53) to small
// integers, for the ISBN parse cache: the finder probes it once per
// candidate, 100,000 times in a large document. A Map keyed by such numbers
// (not small integers) costs ~90 ns a probe; this open-addressing table costs
// one or two memory reads. Its values are integers (the cache's info numbers,
// see parse.ts), so it holds no reference the garbage collector must trace.
// It starts small and grows only as keys come: a document with a few
// thousand ISBNs then keeps its table in the processor's cache while the
// text streams past, instead of missing it on every probe.

/** What get answers for a key the table does not hold. */
export const ABSENT = -0x80000000;

export class NumberTable {
  private bits: number;
  // Slot i holds its key at 2i (0 = empty: no key is 0) and its value at 2i + 1:
  // a probe reads one cache line, not one in a key array and one in a value
  // array (two misses per probe while a 10 MB text streams past: 1-2 % of a scan).
  private slots: Float64Array;
  private count = 0;

  /**
   * Grows from 2^minBits slots to 2^maxBits, each time it is half full
   * (linear probing stays short, and the table small); when the largest is,
   * it starts over (bounded): see `full`.
   */
  constructor(
    private readonly minBits: number,
    private readonly maxBits: number,
  ) {
    this.bits = minBits;
    this.slots = new Float64Array(2 << minBits);
  }

  get size(): number {
    return this.count;
  }

  /** True when the next new key makes the table start over (its largest size is half full). */
  get full(): boolean {
    return this.bits === this.maxBits && this.count >= 1 << (this.bits - 1);
  }

  /** The value for `key`, or ABSENT. */
  get(key: number): number {
    const slots = this.slots;
    const mask = slots.length - 2;
    for (let at = this.slotOf(key) << 1; slots[at] !== 0; at = (at + 2) & mask) {
      if (slots[at] === key) return slots[at + 1];
    }
    return ABSENT;
  }

  /** Stores a 32-bit integer for `key` (keys <= 0 are ignored). */
  set(key: number, value: number): void {
    if (key <= 0) return;
    if (this.count >= 1 << (this.bits - 1)) {
      if (this.bits < this.maxBits) this.resize(this.bits + 1);
      else this.clear();
    }
    this.place(key, value);
  }

  clear(): void {
    this.bits = this.minBits;
    this.slots = new Float64Array(2 << this.minBits);
    this.count = 0;
  }

  private place(key: number, value: number): void {
    const slots = this.slots;
    const mask = slots.length - 2;
    let at = this.slotOf(key) << 1;
    while (slots[at] !== 0 && slots[at] !== key) at = (at + 2) & mask;
    if (slots[at] === 0) this.count++;
    slots[at] = key;
    slots[at + 1] = value;
  }

  private resize(bits: number): void {
    const slots = this.slots;
    this.bits = bits;
    this.slots = new Float64Array(2 << bits);
    this.count = 0;
    for (let at = 0; at < slots.length; at += 2) if (slots[at] !== 0) this.place(slots[at], slots[at + 1]);
  }

  /** Fibonacci hashing of the low 32 bits, where nearby keys differ: one publisher's ISBNs are close numbers and must not cluster. */
  private slotOf(key: number): number {
    return Math.imul(key | 0, 0x9e3779b1) >>> (32 - this.bits);
  }
}

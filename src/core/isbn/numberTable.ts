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
  private keys: Float64Array; // 0 = empty slot: no key is 0
  private values: Int32Array;
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
    this.keys = new Float64Array(1 << minBits);
    this.values = new Int32Array(1 << minBits);
  }

  get size(): number {
    return this.count;
  }

  /** True when the next new key makes the table start over (its largest size is half full). */
  get full(): boolean {
    return this.bits === this.maxBits && this.count >= this.keys.length >> 1;
  }

  /** The value for `key`, or ABSENT. */
  get(key: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = this.slotOf(key); keys[slot] !== 0; slot = (slot + 1) & mask) {
      if (keys[slot] === key) return this.values[slot];
    }
    return ABSENT;
  }

  /** Stores a 32-bit integer for `key` (keys <= 0 are ignored). */
  set(key: number, value: number): void {
    if (key <= 0) return;
    if (this.count >= this.keys.length >> 1) {
      if (this.bits < this.maxBits) this.resize(this.bits + 1);
      else this.clear();
    }
    this.place(key, value);
  }

  clear(): void {
    this.bits = this.minBits;
    this.keys = new Float64Array(1 << this.minBits);
    this.values = new Int32Array(1 << this.minBits);
    this.count = 0;
  }

  private place(key: number, value: number): void {
    const keys = this.keys;
    const mask = keys.length - 1;
    let slot = this.slotOf(key);
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    if (keys[slot] === 0) this.count++;
    keys[slot] = key;
    this.values[slot] = value;
  }

  private resize(bits: number): void {
    const keys = this.keys;
    const values = this.values;
    this.bits = bits;
    this.keys = new Float64Array(1 << bits);
    this.values = new Int32Array(1 << bits);
    this.count = 0;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== 0) this.place(keys[slot], values[slot]);
  }

  /** Fibonacci hashing of the low 32 bits, where nearby keys differ: one publisher's ISBNs are close numbers and must not cluster. */
  private slotOf(key: number): number {
    return Math.imul(key | 0, 0x9e3779b1) >>> (32 - this.bits);
  }
}

// A hash table from positive whole-number keys (exact below 2^53) to values,
// for the ISBN parse cache: the finder probes it once per candidate, 100,000
// times in a large document. A Map keyed by such numbers (not small integers)
// costs ~90 ns a probe; this open-addressing table costs one or two memory
// reads. It starts small and grows only as keys come: a document with a few
// thousand ISBNs then keeps its table in the processor's cache while the
// text streams past, instead of missing it on every probe.

export class NumberTable<V> {
  private bits: number;
  private keys: Float64Array; // 0 = empty slot: no key is 0
  private values: Array<V | undefined>;
  private count = 0;

  /**
   * Grows from 2^minBits slots to 2^maxBits, each time it is half
   * full (linear probing stays short, and the table small); when the largest
   * is, it starts over (bounded).
   */
  constructor(
    private readonly minBits: number,
    private readonly maxBits: number,
  ) {
    this.bits = minBits;
    this.keys = new Float64Array(1 << minBits);
    this.values = new Array<V | undefined>(1 << minBits).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  get(key: number): V | undefined {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = this.slotOf(key); keys[slot] !== 0; slot = (slot + 1) & mask) {
      if (keys[slot] === key) return this.values[slot];
    }
    return undefined;
  }

  set(key: number, value: V): void {
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
    this.values = new Array<V | undefined>(1 << this.minBits).fill(undefined);
    this.count = 0;
  }

  private place(key: number, value: V): void {
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
    this.values = new Array<V | undefined>(1 << bits).fill(undefined);
    this.count = 0;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== 0) this.place(keys[slot], values[slot] as V);
  }

  /** Fibonacci hashing of the low 32 bits, where nearby keys differ: one publisher's ISBNs are close numbers and must not cluster. */
  private slotOf(key: number): number {
    return Math.imul(key | 0, 0x9e3779b1) >>> (32 - this.bits);
  }
}

/**
 * One copy of each repeated string. Every platform event and every medical-system answer is a new JSON
 * parse, so the same exam label, desk label or day arrives as a new string each time, and a day's tickets
 * kept in main held thousands of equal copies (the full day's evening heap, 29 Nov 2026). Bounded: when
 * `capacity` distinct strings are kept it starts again empty, so a stream of unique values costs at most
 * that; give it only fields with few distinct values.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  constructor(private readonly capacity = 2_048) {}

  get size(): number {
    return this.strings.size;
  }

  take<T extends string | null | undefined>(value: T): T {
    if (typeof value !== 'string') return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    if (this.strings.size >= this.capacity) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }
}

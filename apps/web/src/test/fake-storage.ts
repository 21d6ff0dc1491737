/**
 * A browser-like localStorage for node tests: items are the object's own keys (so `Object.keys`
 * lists them, as in browsers), the methods live on the prototype.
 */
export class FakeStorage {
  [key: string]: unknown;
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? (this[key] as string) : null;
  }
  setItem(key: string, value: string) {
    this[key] = String(value);
  }
  removeItem(key: string) {
    delete this[key];
  }
}

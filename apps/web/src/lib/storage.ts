/** Local storage with the spec's `adm-kd-` prefix (§9). Quietly tolerant of disabled storage. */
export const STORAGE_PREFIX = 'adm-kd-';

export const storage = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = localStorage.getItem(STORAGE_PREFIX + key);
      return raw === null ? fallback : (JSON.parse(raw) as T);
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown) {
    try {
      localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    } catch {
      /* storage full or disabled: the app still works, it just forgets */
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      /* ignore */
    }
  },
  /** Search state of every searcher; reset at sign-in (spec §2). */
  clearSearchState() {
    try {
      for (const k of Object.keys(localStorage)) if (k.startsWith(`${STORAGE_PREFIX}search-`)) localStorage.removeItem(k);
    } catch {
      /* ignore */
    }
  },
};

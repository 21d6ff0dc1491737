/** Small helpers every repository shares for raw SQL. */

/** Escapes `\`, `%` and `_` so a user's text matches literally inside a `like` pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too, but typed differently: one reader. */
export function rowsOf<T = Record<string, unknown>>(res: unknown): T[] {
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

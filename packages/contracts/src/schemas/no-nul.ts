import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation-messages.js';

/** Deeper input than this is refused before any schema looks at it (no real form nests this far). */
export const MAX_INPUT_DEPTH = 32;

/**
 * The path of the first text (value or key) carrying a NUL character, which PostgreSQL cannot store in
 * text or jsonb, or of the first value nested deeper than MAX_INPUT_DEPTH; null when there is none.
 * Iterative, so a hostile nesting depth cannot overflow the stack.
 */
export function findForbiddenInput(value: unknown, checkNul = true): { path: (string | number)[]; reason: 'nul' | 'depth' } | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: (string | number)[] };
    if (typeof v === 'string') {
      if (checkNul && v.includes('\u0000')) return { path, reason: 'nul' };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, reason: 'depth' };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    for (const key of Object.keys(v)) {
      if (checkNul && key.includes('\u0000')) return { path, reason: 'nul' };
      stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

const forbidden = (checkNul: boolean) =>
  z.unknown().superRefine((value, ctx) => {
    const found = findForbiddenInput(value, checkNul);
    if (found) ctx.addIssue({ code: 'custom', path: found.path, message: VALIDATION_MESSAGES[found.reason === 'nul' ? 'nul' : 'tooDeep'] });
  });

/**
 * `schema` with two rules no field can forget (docs/decisions/0122-nul-and-depth.md): absurdly deep
 * input is refused before the schema walks it; then the schema speaks (its own field messages win);
 * then what it accepted is refused if any text in it still carries a NUL character, which PostgreSQL
 * cannot store. The server wraps every request schema in it.
 */
export function rejectForbiddenInput<T extends z.ZodType>(schema: T) {
  return forbidden(false)
    .pipe(schema)
    .pipe(forbidden(true) as unknown as z.ZodType<z.output<T>, z.output<T>>);
}

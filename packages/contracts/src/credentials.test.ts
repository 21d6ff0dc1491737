import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailProblem, emailSchema, newPasswordProblem, newPasswordSchema } from './index.js';

/** The first message the schema answers, or null when it accepts the value. */
const schemaSays = (schema: typeof emailSchema | typeof newPasswordSchema, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

/** Emails near the pattern's edges: dots, quotes, plus signs, hyphens, short and long labels, spaces around. */
const emailish = fc
  .tuple(
    fc.constantFrom('', ' ', '  '),
    fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,12}$/),
    fc.constantFrom('@', '@@', ''),
    fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/),
    fc.constantFrom('', '.co', '.c', '.com', '.1a', '-.org'),
    fc.constantFrom('', ' '),
  )
  .map((parts) => parts.join(''));

describe('the sign-in checks without zod agree with the schemas', () => {
  it('emailProblem answers what emailSchema answers', () => {
    fc.assert(
      fc.property(
        fc.oneof(emailish, fc.emailAddress(), fc.string({ maxLength: 40 }), fc.string({ minLength: 250, maxLength: 260 })),
        (v) => {
          expect(emailProblem(v)).toBe(schemaSays(emailSchema, v));
        },
      ),
      { numRuns: 2000 },
    );
    // The cases a person meets on the form, named.
    expect(emailProblem('')).toBe('Email es requerido');
    expect(emailProblem('no-es-un-email')).toBe('Email debe ser correcto');
    expect(emailProblem(' asesor@travesia.example ')).toBeNull();
  });

  it('newPasswordProblem answers what newPasswordSchema answers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.string({ unit: 'grapheme', maxLength: 140 }),
          fc.string({ minLength: 120, maxLength: 140 }),
        ),
        (v) => {
          expect(newPasswordProblem(v)).toBe(schemaSays(newPasswordSchema, v));
        },
      ),
      { numRuns: 1000 },
    );
    expect(newPasswordProblem('corta')).toBe('La contraseña debe tener al menos 12 caracteres');
  });
});

import { MESSAGES, newPasswordSchema } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword, passwordProblem } from './password-policy.js';

describe('passwordProblem', () => {
  it('asks for at least 12 and at most 128 characters, counted as Unicode characters', () => {
    expect(passwordProblem('a')).toBe('password.tooWeak');
    expect(passwordProblem('Tr4vesía-no')).toBe('password.tooWeak'); // 11 characters
    expect(passwordProblem('ñandú-púrpura-9')).toBeNull();
    expect(passwordProblem('🦙🦙🦙🦙🦙🦙🦙🦙🦙🦙🦙')).toBe('password.tooWeak'); // 11 characters, 22 UTF-16 units
    expect(passwordProblem(`${'Xq7!mZ2#'.repeat(16)}`)).toBeNull(); // 128
    expect(passwordProblem(`${'Xq7!mZ2#'.repeat(16)}a`)).toBe('password.tooLong');
  });

  it('refuses passwords from breach lists, keyboard walks and repeats, whatever their length', () => {
    for (const p of ['password1234', 'qwertyuiop12', 'iloveyou1234', 'aaaaaaaaaaaa', '123456789012', 'abcdefghijkl']) {
      expect(passwordProblem(p), p).toBe('password.tooCommon');
    }
  });

  it("refuses the user's own data as the password", () => {
    expect(passwordProblem('laura.mejia@viajes.example', ['laura.mejia@viajes.example', 'Laura', 'Mejía'])).toBe('password.tooCommon');
    expect(passwordProblem('laura.mejia@viajes.example')).toBeNull();
  });

  it('accepts long unpredictable passwords and passphrases, with no composition rules', () => {
    for (const p of ['NuevaClave2026', 'caballo correcto batería grapa', 'Bienvenida2026!', 'tres tristes tigres']) {
      expect(passwordProblem(p), p).toBeNull();
    }
  });

  it('throws the field error in Spanish', () => {
    expect(() => assertAcceptablePassword('password1234')).toThrow(MESSAGES['password.tooCommon']);
  });
});

describe('newPasswordSchema (contracts)', () => {
  it('checks length with the catalogue messages and never trims', () => {
    const issue = (v: unknown) => newPasswordSchema.safeParse(v).error?.issues[0]?.message;
    expect(issue('')).toBe(MESSAGES['password.required']);
    expect(issue('a')).toBe(MESSAGES['password.tooWeak']);
    expect(issue('x'.repeat(129))).toBe(MESSAGES['password.tooLong']);
    expect(issue(123)).toBe(MESSAGES['password.required']);
    expect(newPasswordSchema.parse('  doce letras  ')).toBe('  doce letras  ');
  });
});

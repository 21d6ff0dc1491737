import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDate,
  createAgencyBody,
  createUserBody,
  findForbiddenInput,
  isCalendarDate,
  partialUpdateOf,
  rejectForbiddenInput,
  updateAgencyBody,
  updateProviderTemplateBody,
  VALIDATION_MESSAGES,
} from './index.js';

const messages = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

describe('the Spanish error map (installed by importing the contracts)', () => {
  it('words what a schema leaves unworded, never with the library text', () => {
    const s = z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.array(z.string()).max(1), e: z.enum(['x']) }).strict();
    const out = s.safeParse({ a: 1, c: 'sí', d: ['1', '2'], e: 'y', extra: true }).error?.issues ?? [];
    expect(Object.fromEntries(out.map((i) => [i.path.join('.') || '_', i.message]))).toEqual({
      a: VALIDATION_MESSAGES.string,
      b: VALIDATION_MESSAGES.required,
      c: VALIDATION_MESSAGES.boolean,
      d: 'Máximo 1 elementos',
      e: VALIDATION_MESSAGES.notAllowed,
      _: VALIDATION_MESSAGES.unknownFields,
    });
    expect(messages(z.object({}), 'texto')).toEqual([VALIDATION_MESSAGES.object]);
    expect(messages(z.uuid(), 'x')).toEqual([VALIDATION_MESSAGES.id]);
    expect(messages(z.string().max(3), 'abcd')).toEqual(['Máximo 3 caracteres']);
    expect(messages(z.number().max(10), 11)).toEqual(['Debe ser como máximo 10']);
  });

  it('keeps the spec messages a schema gives', () => {
    expect(messages(createAgencyBody, { name: 5 })).toEqual(['Nombre es obligatorio']);
    expect(messages(createUserBody.shape.email, 'no-es-email')).toEqual(['Email debe ser correcto']);
  });
});

describe('calendarDate', () => {
  it.each(['2024-02-29', '2026-12-31', '1900-01-01', '2100-12-31'])('accepts %s', (d) => expect(isCalendarDate(d)).toBe(true));
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '9999-12-31', '0000-01-01', '1899-12-31', '2026-1-1', ''])(
    'refuses %s',
    (d) => {
      expect(isCalendarDate(d)).toBe(false);
      expect(messages(calendarDate('Fecha mala'), d)).toEqual(['Fecha mala']);
    },
  );
  it('words a missing value with its own message', () => {
    expect(messages(calendarDate('Fecha mala', 'Fecha requerida'), undefined)).toEqual(['Fecha requerida']);
  });
});

describe('NUL characters and depth', () => {
  it('finds NUL in values and keys, at any depth', () => {
    expect(findForbiddenInput({ a: [{ b: 'x\u0000' }] })).toEqual({ path: ['a', 0, 'b'], reason: 'nul' });
    expect(findForbiddenInput({ a: { 'k\u0000': 1 } })).toEqual({ path: ['a'], reason: 'nul' });
    expect(findForbiddenInput({ a: 'ok', b: [1, null, true] })).toBeNull();
  });
  it('refuses input nested deeper than the limit without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(findForbiddenInput(deep)?.reason).toBe('depth');
  });
  it('rejectForbiddenInput words it and leaves good input to the schema', () => {
    const s = rejectForbiddenInput(z.object({ name: z.string() }));
    expect(s.safeParse({ name: 'a\u0000' }).error?.issues).toMatchObject([{ path: ['name'], message: VALIDATION_MESSAGES.nul }]);
    expect(s.parse({ name: 'Ana' })).toEqual({ name: 'Ana' });
  });
});

describe('partialUpdateOf', () => {
  it('drops the defaults at every object level', () => {
    expect(updateAgencyBody.parse({})).toEqual({});
    expect(updateAgencyBody.parse({ distributed: { disney: [] } })).toEqual({ distributed: { disney: [] } });
    expect(updateProviderTemplateBody.parse({ active: false })).toEqual({ active: false });
  });
  it('keeps strictness and field checks', () => {
    const s = partialUpdateOf(
      z.object({ a: z.string().min(2).default('xx'), b: z.object({ c: z.number().default(1) }).strict() }).strict(),
    );
    expect(s.parse({ b: {} })).toEqual({ b: {} });
    expect(s.safeParse({ a: 'x' }).success).toBe(false);
    expect(s.safeParse({ z: 1 }).success).toBe(false);
    expect(s.safeParse({ b: { d: 1 } }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledResponse, compileResponseSchema, responseSerializerCompiler } from './compiled-response.js';

const full = z.object({ view: z.literal('full'), price: z.string(), cost: z.string() });
const agency = z.object({ view: z.literal('agency'), price: z.string() });
const page = z.object({
  docs: z.array(z.discriminatedUnion('view', [full, agency])),
  owner: z.object({ name: z.string() }).nullable(),
  extra: z.object({ name: z.string() }).loose(),
});

describe('compiled response serializer', () => {
  const serialize = compileResponseSchema(page);

  it('writes what zod writes, leaving out what the branch of each item does not declare', () => {
    const data = {
      docs: [
        { view: 'full', price: '10', cost: '7', secret: 'x' },
        { view: 'agency', price: '10', cost: '7' },
      ],
      owner: null,
      extra: { name: 'a', kept: 1 },
      undeclared: true,
    };
    const sent = JSON.parse(serialize(data));
    expect(sent).toEqual(JSON.parse(JSON.stringify(z.encode(page, data as never))));
    expect(sent.docs[1]).toEqual({ view: 'agency', price: '10' });
    expect(sent.docs[0].secret).toBeUndefined();
    expect(sent.undeclared).toBeUndefined();
    expect(JSON.parse(serialize({ ...data, owner: { name: 'b', x: 1 } })).owner).toEqual({ name: 'b' });
  });

  it('refuses a discriminator no branch declares, as zod does', () => {
    expect(() => serialize({ docs: [{ view: 'other', price: '1', cost: '1' }], owner: null, extra: { name: 'a' } })).toThrow();
  });

  it('checks against zod outside production and fails a response whose JSON would differ', () => {
    const schema = compiledResponse(z.object({ n: z.number().int() }));
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;
    expect(responseSerializerCompiler(true)(route)({ n: 1 })).toBe('{"n":1}');
    // zod refuses 1.5 for an integer (the compiled function alone would write 1).
    expect(() => responseSerializerCompiler(true)(route)({ n: 1.5 })).toThrow();
    expect(responseSerializerCompiler(false)(route)({ n: 1 })).toBe('{"n":1}');
  });
});

import fc from 'fast-check';

/** The subset of JSON Schema the OpenAPI document of the app uses (zod 4 -> JSON Schema draft 2020-12). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** Ids of real rows the generated paths and bodies may point at (so services run past "not found"). */
export interface FuzzIds {
  ids: string[];
}

/** Text that has broken servers before: NUL, impossible dates, huge, injections, escapes, look-alike numbers. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '0000-00-00',
  '-000001-01-01',
  '2026-02-28T25:61:00Z',
  'x'.repeat(5000),
  'ñ'.repeat(300),
  '😀\u202e\ufeff',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../../etc/passwd',
  '%00',
  '%zz',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '99999999999999999999999999',
  '0x1F',
  'true',
  'null',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '=HYPERLINK("http://x")',
  '<script>alert(1)</script>',
  'usuario@',
  'USD',
  'XXX',
];

const NASTY_PRIMITIVES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];

/** An object carrying the keys prototype pollution attacks use, as own enumerable JSON keys. */
const prototypeKeys = fc.constantFrom('__proto__', 'constructor', 'prototype').chain((key) =>
  fc.constantFrom<unknown>({ polluted: true }, { prototype: { polluted: true } }, 'x', null).map((value) => {
    const o: Record<string, unknown> = { ok: 1 };
    Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
    return o;
  }),
);

/** Deeply nested arrays or objects (the server refuses past its depth limit). */
const deep = fc.integer({ min: 20, max: 400 }).map((n) => {
  let v: unknown = 'fondo';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

export const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 40, unit: 'binary' }));

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_PRIMITIVES), weight: 3 },
  { arbitrary: nastyString, weight: 3 },
  { arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '9999-12-31', '0000-01-01', '2025-02-29'), weight: 1 },
  { arbitrary: prototypeKeys, weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.constantFrom<unknown>([], [null], {}, [[[]]], { a: [1, 'x', null] }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A string that fits the schema's format or enum when it has one, something plausible otherwise. */
function stringFor(s: JsonSchema, ids: FuzzIds): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...ids.ids), fc.uuid());
  if (s.format === 'date')
    return fc.oneof(
      fc.constantFrom('2026-06-15', '2024-02-29', '2026-02-30', '2026-13-01', '9999-12-31'),
      fc.date().map((d) => (Number.isNaN(d.getTime()) ? '2026-01-01' : d.toISOString().slice(0, 10))),
    );
  if (s.format === 'date-time') return fc.constantFrom('2026-06-15T10:00:00Z', '2026-02-30T10:00:00Z', '9999-12-31T23:59:59Z');
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('nadie@test.example'));
  const plain = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('Viajes', 'USD', 'hotel', 'juniper', 'es', '1', '10.5'));
  const pattern = s.pattern ? safeRegExp(s.pattern) : null;
  // Text that matches the schema's pattern reaches the checks behind it (e.g. \d{4}-\d{2}-\d{2} gives 2026-99-45).
  return pattern ? fc.oneof({ arbitrary: fc.stringMatching(pattern), weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Values shaped by `schema` (right keys, mostly right types) with nasty values mixed in at every level. */
export function fromSchema(schema: JsonSchema | undefined, ids: FuzzIds, depth = 0, clean = false): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return clean ? fc.constant(null) : nastyValue;
  if (clean) return shaped(schema, ids, depth, true);
  return fc.oneof({ arbitrary: shaped(schema, ids, depth, false), weight: 5 }, { arbitrary: nastyValue, weight: 1 });
}

/** Half the time only schema-shaped values (so more requests get past validation into the services), half with nasty ones mixed in. */
export function bodyFor(schema: JsonSchema, ids: FuzzIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fromSchema(schema, ids, 0, true), weight: 3 },
    { arbitrary: fromSchema(schema, ids), weight: 3 },
    { arbitrary: nastyValue, weight: 1 },
  );
}

function shaped(s: JsonSchema, ids: FuzzIds, depth: number, clean: boolean): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, ids, depth + 1, clean)));
  if (s.allOf?.length) return fromSchema(Object.assign({}, ...s.allOf), ids, depth + 1, clean);
  const type = typesOf(s)[0] ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, fromSchema(p, ids, depth + 1, clean)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      });
      const extra = fc.option(fc.tuple(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'extra')), nastyValue), {
        freq: 4,
      });
      if (clean) return record;
      return fc.tuple(record, extra).map(([o, x]) => {
        if (x) Object.defineProperty(o, x[0], { value: x[1], enumerable: true, configurable: true, writable: true });
        return o;
      });
    }
    case 'array':
      return fc.array(fromSchema(s.items ?? s.prefixItems?.[0], ids, depth + 1, clean), { maxLength: 4 });
    case 'string':
      return stringFor(s, ids);
    case 'integer':
      return fc.oneof(fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 1000, 1e9) }), fc.integer());
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -5, max: 1000 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return clean ? fc.jsonValue({ maxDepth: 2 }) : nastyValue;
  }
}

/** A query value as it travels: text (or repeated keys), shaped by the parameter's schema or nasty. */
export function queryValue(schema: JsonSchema | undefined, ids: FuzzIds): fc.Arbitrary<string | string[]> {
  const asText = fromSchema(schema, ids).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')));
  return fc.oneof({ arbitrary: asText, weight: 6 }, { arbitrary: fc.array(asText, { minLength: 2, maxLength: 3 }), weight: 1 });
}

/** A path segment: a real id, a random uuid or nasty text, percent-encoded (now and then raw and broken). */
export function pathValue(ids: FuzzIds): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids.ids), weight: 3 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: nastyString.map((s) => encodeURIComponent(s)), weight: 3 },
    { arbitrary: fc.constantFrom('%', '%E0%A4%A', 'a'.repeat(400), '..', '%2e%2e'), weight: 1 },
  );
}

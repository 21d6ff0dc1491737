import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response schemas serialised by a function compiled once from the schema (fast-json-stringify over
 * zod's JSON Schema) instead of zod's `encode` + `JSON.stringify` on every request (decision 0700):
 * on the voucher page that check cost ~4× the compiled serializer and a third of the request's CPU.
 * A route opts in by wrapping its response schema in `compiledResponse(...)`; the others keep zod's.
 */
const compiled = new WeakSet<z.ZodType>();

/** Marks a response schema to be serialised by a compiled function (the same object is returned). */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

type Json = Record<string, unknown>;
/** A required property no object has: an `else` that makes the compiled function throw (→ 500). */
const NO_BRANCH = '\u0000no matching branch';

/** A JSON Schema `if/then/else` (the `then` keyword is JSON Schema's, not a thenable). */
function conditional(test: Json, then: Json, otherwise: Json): Json {
  return { if: test, then, else: otherwise };
}

/** The property every branch pins with `const` and requires (zod's discriminated unions), if any. */
function discriminatorOf(branches: Json[]): string | undefined {
  const first = branches[0]?.properties as Record<string, Json> | undefined;
  if (!first) return undefined;
  return Object.keys(first).find((key) =>
    branches.every((b) => {
      const p = (b.properties as Record<string, Json> | undefined)?.[key];
      return p !== undefined && 'const' in p && Array.isArray(b.required) && b.required.includes(key);
    }),
  );
}

/**
 * Zod's output JSON Schema rewritten for fast-json-stringify with zod's semantics:
 * - `additionalProperties: false` dropped: the compiled function writes declared properties only
 *   (undeclared ones are left out, as zod strips them) and a union branch is not refused for them;
 * - a nullable (`anyOf [X, null]`) becomes X with `null` as a second type (or `if/then/else` on null
 *   when X has no single type), and a discriminated union `if/then/else` on the discriminator's value, so
 *   a branch is chosen by one test instead of validating the whole value against each branch
 *   (fast-json-stringify's way with `anyOf`, as slow as zod). A discriminator value no branch declares
 *   throws, as zod's check does. Other unions keep `anyOf`.
 */
export function toCompiledSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toCompiledSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = toCompiledSchema(value);
  }
  const branches = (out.oneOf ?? out.anyOf) as Json[] | undefined;
  if (!branches || Object.keys(out).length !== 1) return out;
  const isNull = (b: Json) => b.type === 'null' && Object.keys(b).length === 1;
  if (branches.length === 2 && branches.some(isNull)) {
    const other = branches.find((b) => !isNull(b)) as Json;
    // A plain type takes null as a second type, which the compiled function tests with `=== null`.
    if (typeof other.type === 'string') return { ...other, type: [other.type, 'null'] };
    return conditional({ type: 'null' }, { type: 'null' }, other);
  }
  const key = discriminatorOf(branches);
  if (!key) return out;
  return branches.reduceRight<Json>(
    (otherwise, branch) =>
      conditional(
        { type: 'object', properties: { [key]: (branch.properties as Record<string, Json>)[key] }, required: [key] },
        branch,
        otherwise,
      ),
    { type: 'object', properties: { [NO_BRANCH]: { type: 'string' } }, required: [NO_BRANCH] },
  );
}

/** The compiled serializer of a zod schema. Throws when the schema has no JSON Schema form (transforms). */
export function compileResponseSchema(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(toCompiledSchema(json) as Parameters<typeof fastJson>[0]);
}

/**
 * The app's serializer compiler. Schemas marked by `compiledResponse` are serialised by their compiled
 * function; `checked` (every environment but production: tests and development) also runs zod's check
 * first, as before — a response that breaks its schema is still a 500 there — and fails the response
 * unless the compiled function's JSON is the same value as zod's, so the tests prove the two agree on
 * every answer they see. Production sends the compiled function's output without zod's pass.
 */
export function responseSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as (data: unknown) => string;
    if (!compiled.has(route.schema)) return viaZod;
    const fast = compileResponseSchema(route.schema);
    if (!checked) return fast;
    return (data) => {
      const expected = viaZod(data);
      const sent = fast(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer's JSON differs from the schema's`);
      }
      return sent;
    };
  };
}

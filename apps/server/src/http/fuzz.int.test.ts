import { randomBytes } from 'node:crypto';
import { FLIGHT_SEARCH_TEXTS } from '@travesia/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeUser, makeWorld } from '../../test/factories.js';
import { bodyFor, type FuzzIds, type JsonSchema, pathValue, queryValue } from '../../test/fuzz-arbitraries.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 12: property-based fuzzing of every operation of the OpenAPI document, signed in as super, as an
 * agency admin and anonymously. Bodies, queries and path parameters are generated from each operation's
 * JSON schema with wrong types, nulls, huge numbers and strings, impossible dates, NUL bytes, deep
 * nesting, prototype keys and arrays where objects go. Properties: no answer is a 5xx, and every 4xx is the
 * app's error body with a Spanish message (never Fastify's or zod's generic text).
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS runs per operation; a failure prints the
 * seed and the counterexample (re-run with FUZZ_SEED=<seed> to reproduce).
 * Not fuzzed signed in: the sign-out operations (they would revoke the session the other runs use);
 * they are fuzzed anonymously. Every other operation is fuzzed; supplier calls go to a closed local port
 * (the simulator is not started), so supplier-facing operations fail fast instead of waiting on latency.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: op.requestBody?.content?.['application/json']?.schema ?? (op.requestBody ? {} : undefined),
      });
    }
  }
  return ops;
}

/** English or generic library text that must never reach a user. */
const ENGLISH =
  /\b(the|is|are|must|should|expected|received|invalid|required|not found|bad request|unexpected|cannot|missing|unsupported|exceeding|route|body|property)\b|FST_/i;
/** zod's own (Spanish locale) generic text, e.g. "Entrada inválida: se esperaba objeto, recibido texto". */
const LIBRARY_TEXT =
  /^(Entrada inválida|Opción inválida|Demasiado grande:|Demasiado pequeño:|Cadena inválida|Llaves? desconocidas?|Inválido )|se esperaba/;

function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  let body: { success?: unknown; error?: unknown; code?: unknown; msg?: unknown; fields?: Record<string, unknown> };
  try {
    body = res.json();
  } catch {
    return `a ${res.statusCode} whose body is not JSON`;
  }
  if (body.success !== false || body.error !== true) return 'an error body without success:false, error:true';
  if (typeof body.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(body.code) || body.code.startsWith('FST_'))
    return `code ${String(body.code)}`;
  if (typeof body.msg !== 'string' || !body.msg.trim()) return 'no message';
  for (const text of [body.msg, ...Object.values(body.fields ?? {})]) {
    if (typeof text === 'string' && FLIGHT_SEARCH_TEXTS.includes(text)) continue; // spec §5 words these in English
    if (typeof text !== 'string' || ENGLISH.test(text) || LIBRARY_TEXT.test(text))
      return `message not the product's own: ${JSON.stringify(text)}`;
  }
  return null;
}

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'];

let t: TestApp;
let ops: Operation[];
let ids: FuzzIds;
let identities: Record<'anonymous' | 'super' | 'agency', Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') }, { simulatorUrl: 'http://127.0.0.1:9' });
  const w = await makeWorld(t.app, t.database);
  // Targets the generated paths point at: rows of their own, so no run can deactivate the callers.
  const victimAgency = await makeAgency(t.database);
  const victimUser = await makeUser(t.database, 'adviser', victimAgency.id);
  ids = { ids: [victimAgency.id, victimUser.id, w.agencyB.id, w.users.adminB.id] };
  identities = { anonymous: {}, super: w.headers.super, agency: w.headers.admin };
  ops = operationsOf(t.app.swagger() as OpenApi);
});
afterAll(() => t?.close());

describe('fuzz: every operation of the OpenAPI document', () => {
  it('covers the whole document', () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  it('no 5xx and only the app’s Spanish error body, for every operation and caller', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const [index, op] of ops.entries()) {
      const signOut = op.path === '/api/user/logout';
      const who = fc.constantFrom<keyof typeof identities>(
        ...(signOut ? (['anonymous'] as const) : (['super', 'agency', 'super', 'agency', 'anonymous'] as const)),
      );
      const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue(ids)])));
      const query = fc.record(Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, queryValue(s, ids)])), { requiredKeys: [] });
      const body = op.body ? bodyFor(op.body, ids) : fc.constant(undefined);
      const contentType = fc.constantFrom(...CONTENT_TYPES);
      const seed = SEED + index;
      const run = await fc.check(
        fc.asyncProperty(who, params, query, body, contentType, async (caller, p, q, b, type) => {
          const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => p[name] as string);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            query: q as Record<string, string | string[]>,
            headers: { ...identities[caller], ...(b === undefined ? {} : { 'content-type': type }) },
            ...(b === undefined
              ? {}
              : { payload: type === 'application/x-www-form-urlencoded' ? 'a=1&b=%00' : (JSON.stringify(b) ?? 'null') }),
          });
          const problem = problemWith(res);
          if (problem) throw new Error(`${op.method} ${url} as ${caller}: ${problem}\n${res.body.slice(0, 300)}`);
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
      if (run.failed) {
        failures.push(
          `${op.method} ${op.path} (FUZZ_SEED=${SEED}, seed ${seed}, path ${run.counterexamplePath}): ${String(run.errorInstance).slice(0, 600)}`,
        );
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

import { API_KEY_SCOPES, can, INTEGRATION_MESSAGES, MESSAGES, type Permission } from '@travesia/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/factories.js';
import { CALLERS, type Caller, type IdVariant, makeMatrixWorld } from '../../test/matrix-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PERMISSION_EXTENSION } from './api-docs.js';

/**
 * The authorization matrix (issue 12), generated from the app's own OpenAPI document (`app.swagger()`,
 * where every operation carries `security: []` when public or `x-permission` when it needs one; both
 * come from the route's config, which is what the auth hook enforces).
 *
 * For every operation × caller (anonymous and each user type) × path id (own agency, other agency,
 * super-only record, where the path has ids) × spelling of the path (plain; `/%61pi/…`, `/ap%69/…`,
 * `/%61%70%69/…`; `/API/…`, `/Api/…`) it asserts:
 * - never a 5xx;
 * - a case variant is never served (401, 403 or 404; the router is case-sensitive);
 * - anonymous on a private operation: 401; a user type the permission table (contracts
 *   ROLE_PERMISSIONS) does not allow: 403 — whatever the spelling;
 * - a user type the table allows, on its own records: not refused by the guard (no 401, no generic 403;
 *   a service rule may still answer 400/404/409 or a specific 403 such as "only agency users");
 * - agency staff (agency, adviser, reseller) on another agency's record, and anyone but super on a
 *   super-only record: never a 2xx.
 * It also pins the list of public operations and, in a snapshot, what every operation requires, so
 * making a route public or weakening its permission is a visible, reviewed change (the matrix itself
 * checks that the declared requirement is enforced; the snapshot that it is the intended one).
 *
 * Bodies are `{}` (denials happen before validation; allowed callers mostly get a 400 or an empty
 * update), so allowed mutations barely change data; DELETEs by allowed callers do delete, which only
 * turns later answers into 404s. Ids inside request bodies are covered by the modules' own tests.
 * Logout runs on throwaway sessions so the shared ones stay valid.
 */

const PUBLIC_OPERATIONS = [
  'GET /api/catalog/countries',
  'GET /api/file/serve/{file}',
  'GET /api/payments/{paymentId}/checkout',
  'GET /api/storefront/by-host',
  'GET /api/storefront/{slug}/hotels/search/{cacheId}',
  'GET /api/storefront/{slug}/orders/{ref}',
  'GET /api/storefront/{slug}/orders/{ref}/voucher',
  'GET /api/storefront/{slug}/site',
  'GET /api/storefront/{slug}/tickets/search/{cacheId}',
  'GET /api/storefront/{slug}/transfers/search/{cacheId}',
  'GET /api/voucher/ext/{ref}',
  'GET /health/live',
  'GET /health/ready',
  'POST /api/payments/webhook/{gateway}',
  'POST /api/storefront/{slug}/hotels/quote',
  'POST /api/storefront/{slug}/hotels/search',
  'POST /api/storefront/{slug}/orders',
  'POST /api/storefront/{slug}/places',
  'POST /api/storefront/{slug}/tickets/orders',
  'POST /api/storefront/{slug}/tickets/quote',
  'POST /api/storefront/{slug}/tickets/search',
  'POST /api/storefront/{slug}/transfers/orders',
  'POST /api/storefront/{slug}/transfers/quote',
  'POST /api/storefront/{slug}/transfers/search',
  'POST /api/user/change-password',
  'POST /api/user/login',
  'POST /api/user/remember-password',
  'POST /api/voucher/ext/approve',
];

type Spelling = 'plain' | '%61pi' | 'ap%69' | '%61%70%69' | 'API' | 'Api';
const ENCODINGS: Spelling[] = ['%61pi', 'ap%69', '%61%70%69'];
const CASES: Spelling[] = ['API', 'Api'];
const AGENCY_STAFF = new Set<Caller>(['agency', 'adviser', 'reseller']);
const SESSION_ENDING = new Set(['GET /api/user/logout', 'POST /api/user/logout']);

interface Operation {
  key: string;
  method: string;
  path: string;
  isPublic: boolean;
  permission?: Permission;
}

interface Probe {
  op: Operation;
  who: Caller;
  variant: IdVariant;
  spelling: Spelling;
  url: string;
}

/** The path spelled another way: the first segment percent-encoded or in other case. */
function spell(url: string, how: Spelling): string {
  if (how === 'plain') return url;
  const [, first = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(url) ?? [];
  if (first !== 'api') {
    // /health/…: the same tricks on its first letter.
    const h = first.charCodeAt(0).toString(16);
    if (how === 'API') return `/${first.toUpperCase()}${rest}`;
    if (how === 'Api') return `/${first[0]?.toUpperCase()}${first.slice(1)}${rest}`;
    return `/%${h}${first.slice(1)}${rest}`;
  }
  return `/${how}${rest}`;
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const permission = op[PERMISSION_EXTENSION] as Permission | undefined;
      ops.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, isPublic, permission });
    }
  }
  return ops;
}

let t: TestApp;
let m: Awaited<ReturnType<typeof makeMatrixWorld>>;
let ops: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  m = await makeMatrixWorld(t.app, t.database);
  ops = operationsOf(t.app.swagger() as never);
}, 120_000);
afterAll(() => t.close());

const emailOf = (who: Exclude<Caller, 'anonymous'>) =>
  ({
    super: m.world.users.superUser.email,
    agency: m.world.users.admin.email,
    adviser: m.world.users.adviser.email,
    reseller: m.world.users.reseller.email,
    'product-loader': m.world.users.loader.email,
  })[who];

async function send(p: Probe): Promise<LightMyRequestResponse> {
  let headers: Record<string, string> = {};
  // Logout on a plain or encoded path ends the session it is sent with: give it a throwaway one.
  const ends = SESSION_ENDING.has(p.op.key) && p.spelling !== 'API' && p.spelling !== 'Api';
  if (p.who !== 'anonymous') headers = ends ? await loginAs(t.app, emailOf(p.who)) : m.headers[p.who];
  const withBody = p.op.method === 'POST' || p.op.method === 'PUT' || p.op.method === 'PATCH';
  return t.app.inject({
    method: p.op.method as 'GET',
    url: p.url,
    headers: { ...headers, 'user-agent': 'authorization-matrix' },
    ...(withBody ? { payload: {} } : {}),
  });
}

const guardForbidden = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 403) return false;
  try {
    return res.json().msg === MESSAGES['http.forbidden'];
  } catch {
    return false;
  }
};

/** Why an answer breaks the rules, or null when it keeps them. */
function judge(p: Probe, res: LightMyRequestResponse): string | null {
  const s = res.statusCode;
  if (s >= 500) return `5xx`;
  if (p.spelling === 'API' || p.spelling === 'Api') return [401, 403, 404].includes(s) ? null : 'case variant served';
  if (p.op.isPublic) return null;
  if (p.who === 'anonymous') return s === 401 ? null : 'anonymous not refused with 401';
  if (p.op.permission && !can(p.who, p.op.permission)) return s === 403 ? null : `${p.op.permission} not refused with 403`;
  if ((p.variant === 'own' || p.variant === 'none') && (s === 401 || guardForbidden(res))) return 'allowed caller refused';
  if (s >= 200 && s < 300) {
    if (p.variant === 'other-agency' && AGENCY_STAFF.has(p.who)) return "another agency's record served";
    if (p.variant === 'super-only' && p.who !== 'super') return 'super-only record served';
  }
  return null;
}

/** Runs the probes a few at a time (one app, one database) and answers the broken ones. */
async function run(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++] as Probe;
      const res = await send(p);
      const why = judge(p, res);
      if (why)
        failures.push(
          `${p.op.method} ${p.url} as ${p.who} (${p.variant}, ${p.spelling}): ${res.statusCode} ${why} ${res.body.slice(0, 120)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures.sort();
}

/** Probes of one caller: every operation × id variant plainly, and one encoded spelling of each operation. */
function probesFor(who: Caller, callerIndex: number): Probe[] {
  const probes: Probe[] = [];
  ops.forEach((op, i) => {
    const sets = m.paramSets(op.path, who);
    for (const { variant, values } of sets) {
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
      probes.push({ op, who, variant, spelling: 'plain', url });
    }
    const first = sets[0];
    if (!first) return;
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(first.values[name] ?? ''));
    // Anonymous gets every encoding; each signed-in type one of them, in turn, so all three are used with sessions.
    const encodings = who === 'anonymous' ? ENCODINGS : [ENCODINGS[(i + callerIndex) % ENCODINGS.length] as Spelling];
    for (const spelling of encodings) probes.push({ op, who, variant: first.variant, spelling, url: spell(url, spelling) });
    if (who === 'anonymous' || who === 'super')
      for (const spelling of CASES) probes.push({ op, who, variant: first.variant, spelling, url: spell(url, spelling) });
  });
  return probes;
}

describe('authorization matrix from the OpenAPI document', () => {
  it('covers every operation of the app, and only the listed ones are public', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(
      ops
        .filter((o) => o.isPublic)
        .map((o) => o.key)
        .sort(),
    ).toEqual(PUBLIC_OPERATIONS);
    for (const op of ops) if (op.permission) expect(can('super', op.permission), op.key).toBe(true);
  });

  it('pins what each operation requires (a change here is a reviewed snapshot update, `vitest -u`)', () => {
    const table = Object.fromEntries(
      ops.map((o) => [o.key, o.isPublic ? 'public' : (o.permission ?? 'signed-in')] as const).sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(table).toMatchSnapshot();
  });

  it.each(CALLERS.map((who, i) => [who, i] as const))(
    'as %s',
    async (who, i) => {
      const probes = probesFor(who, i);
      const failures = await run(probes);
      expect(failures, `${failures.length} of ${probes.length} answers break the table`).toEqual([]);
    },
    120_000,
  );

  it('with an API key (all scopes, then revoked): only key-scoped operations its user may call, else 403; revoked 401', async () => {
    const url = '/api/configuration/integrations/api-keys';
    const create = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers.agency,
      payload: { name: 'matriz', scopes: API_KEY_SCOPES },
    });
    expect(create.statusCode, create.body).toBe(201);
    const { key, _id } = create.json() as { key: string; _id: string };
    const failures: string[] = [];
    const probe = async (op: Operation, headers: Record<string, string>, expectRevoked: boolean) => {
      const first = m.paramSets(op.path, 'agency')[0];
      if (op.isPublic || !first || first.variant === 'other-agency' || first.variant === 'super-only') return;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(first.values[name] ?? ''));
      const withBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
      const res = await t.app.inject({ method: op.method as 'GET', url: path, headers, ...(withBody ? { payload: {} } : {}) });
      const msg = (() => {
        try {
          return res.json().msg as string;
        } catch {
          return '';
        }
      })();
      const scoped = !!op.permission && (API_KEY_SCOPES as readonly string[]).includes(op.permission) && can('agency', op.permission);
      let why: string | null = null;
      if (res.statusCode >= 500) why = '5xx';
      else if (expectRevoked)
        why = res.statusCode === 401 && msg === INTEGRATION_MESSAGES.apiKeyInvalid ? null : 'revoked key not refused with 401';
      else if (!scoped)
        why = res.statusCode === 403 && msg === INTEGRATION_MESSAGES.apiKeyScope ? null : 'key beyond its scopes not refused with 403';
      else if (res.statusCode === 401 || guardForbidden(res) || msg === INTEGRATION_MESSAGES.apiKeyScope)
        why = 'key refused within its scopes';
      if (why) failures.push(`${op.method} ${path}: ${res.statusCode} ${why} ${res.body.slice(0, 120)}`);
    };
    const sessionEnding = (op: Operation) => SESSION_ENDING.has(op.key);
    for (const op of ops.filter((o) => !sessionEnding(o))) await probe(op, { 'x-api-key': key }, false);
    const revoke = await t.app.inject({ method: 'POST', url: `${url}/${_id}/revoke`, headers: m.headers.agency });
    expect(revoke.statusCode).toBe(200);
    for (const op of ops) await probe(op, { authorization: `Bearer ${key}` }, true);
    expect(failures).toEqual([]);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import type { UserType } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { createProviderAccount, makeWorld } from './factories.js';
import { insertPlace } from './places.js';
import { makeVoucher } from './voucher-factory.js';

/** Who calls: nobody, or a signed-in user of each type (agency staff belong to agency A). */
export type Caller = 'anonymous' | UserType;
export const CALLERS: readonly Caller[] = ['anonymous', 'super', 'agency', 'adviser', 'reseller', 'product-loader'];
/** Which record a path id points at, seen from the caller. */
export type IdVariant = 'own' | 'other-agency' | 'super-only' | 'none';

/**
 * The records the authorization matrix points its path ids at, made with the real factories and the
 * API: per agency (A is the callers' agency, B the other one) a voucher of each staff user, a supplier
 * account and a markup rule; platform-only records (a provider template, a platform markup, super's
 * own user); and a place.
 */
export async function makeMatrixWorld(app: FastifyInstance, database: Database) {
  const w = await makeWorld(app, database);
  const call = async (method: 'POST', url: string, headers: Record<string, string>, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json()._id as string;
  };
  const voucherOf = async (agencyId: string, userId: string) =>
    (await makeVoucher(app, { agencyId, userId, status: 'quotation' })).voucher.id;
  const markup = { productKind: 'hotel', kind: 'percentage', value: '10' };
  const juniper = { email: 'xml@agencia.example', password: 'Contraseña-Muy-Larga-9876' };
  const [vAdmin, vAdviser, vReseller, vB, accountA, accountB, template, markupA, markupB, markupPlatform, country] = await Promise.all([
    voucherOf(w.agencyA.id, w.users.admin.id),
    voucherOf(w.agencyA.id, w.users.adviser.id),
    voucherOf(w.agencyA.id, w.users.reseller.id),
    voucherOf(w.agencyB.id, w.users.adminB.id),
    createProviderAccount(app, w.headers.admin, 'juniper', juniper),
    createProviderAccount(app, w.headers.adminB, 'juniper', juniper),
    call('POST', '/api/provider-template', w.headers.super, {
      supplier: 'hotelbeds',
      name: `Plantilla ${randomUUID().slice(0, 6)}`,
      credentials: { hotelsApiKey: 'hb-key-123', hotelsSecret: 'hb-secret-ABCDEFGH1234' },
    }),
    call('POST', '/api/markup', w.headers.admin, { ...markup, name: 'Agencia A 10%' }),
    call('POST', '/api/markup', w.headers.adminB, { ...markup, name: 'Agencia B 10%' }),
    call('POST', '/api/markup', w.headers.super, { ...markup, name: 'Plataforma 10%' }),
    insertPlace(database, `País ${randomUUID().slice(0, 6)}`, 'country', null),
  ]);

  const headers: Record<Exclude<Caller, 'anonymous'>, Record<string, string>> = {
    super: w.headers.super,
    agency: w.headers.admin,
    adviser: w.headers.adviser,
    reseller: w.headers.reseller,
    'product-loader': w.headers.loader,
  };
  const userId: Record<Exclude<Caller, 'anonymous'>, string> = {
    super: w.users.superUser.id,
    agency: w.users.admin.id,
    adviser: w.users.adviser.id,
    reseller: w.users.reseller.id,
    'product-loader': w.users.loader.id,
  };
  const ownVoucher: Record<Caller, string> = {
    anonymous: vAdmin,
    super: vAdmin,
    agency: vAdmin,
    adviser: vAdviser,
    reseller: vReseller,
    'product-loader': vAdmin,
  };
  const usersOf = (who: Caller) => userId[who === 'anonymous' ? 'adviser' : who];

  /**
   * Path parameter values for one path template and caller, one set per id variant that makes sense
   * for the path's resource. Ids of records without an owner (products, places, audit rows, caches)
   * are single values, often unknown ids (a 404 for those allowed, the guard's answer for the others).
   */
  function paramSets(path: string, who: Caller): Array<{ variant: IdVariant; values: Record<string, string> }> {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    if (params.length === 0) return [{ variant: 'none', values: {} }];
    const generic = (over: Record<string, string>) => Object.fromEntries(params.map((p) => [p, over[p] ?? randomUUID()]));
    const sets = (own: Record<string, string>, other?: Record<string, string>, superOnly?: Record<string, string>) => [
      { variant: 'own' as const, values: generic(own) },
      ...(other ? [{ variant: 'other-agency' as const, values: generic(other) }] : []),
      ...(superOnly ? [{ variant: 'super-only' as const, values: generic(superOnly) }] : []),
    ];
    if (/^\/api\/(user|voucher\/user)\/\{id\}/.test(path))
      return sets({ id: usersOf(who) }, { id: w.users.adminB.id }, { id: w.users.superUser.id });
    if (path.startsWith('/api/agency/{agencyId}/provider-account'))
      return sets(
        { agencyId: w.agencyA.id, id: accountA },
        { agencyId: w.agencyB.id, id: accountB },
        { agencyId: w.agencyA.id, id: template },
      );
    if (path.startsWith('/api/agency/{id}')) return sets({ id: w.agencyA.id }, { id: w.agencyB.id });
    if (path === '/api/voucher/ext/{ref}') return [{ variant: 'none', values: { ref: `${randomUUID()}-${'a'.repeat(64)}` } }];
    if (path.startsWith('/api/voucher/{id}')) return sets({ id: ownVoucher[who] }, { id: vB });
    if (path.startsWith('/api/provider-account/{id}')) return sets({ id: accountA }, { id: accountB }, { id: template });
    if (path.startsWith('/api/provider-template/{id}')) return sets({ id: template });
    if (path.startsWith('/api/markup/{id}')) return sets({ id: markupA }, { id: markupB }, { id: markupPlatform });
    if (path.startsWith('/api/place/{id}')) return sets({ id: country.id });
    if (path.startsWith('/api/file/serve/{file}')) return sets({ file: `${'b'.repeat(64)}.webp` });
    return sets({});
  }

  return { world: w, headers, paramSets };
}

import { EMPTY_SITE_CONTENT, type SiteContent } from '@travesia/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { agencies, places, whiteLabels } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/index.js';

export const DEMO_STOREFRONT_SLUG = 'viajes-demo';
/** The demo white label's fixed id, so its pages have a stable address in the demo and in e2e/payments.spec.ts. */
export const DEMO_WHITE_LABEL_ID = '7a1e5b1e-0000-4000-8000-00000000d001';
const DESTINATIONS = ['Cartagena de Indias', 'Medellín', 'Santa Marta', 'San Andrés'];

/**
 * The demo agency's storefront, active and published, so `/s/viajes-demo` shows after `npm start`.
 * Idempotent: skipped when the slug exists or the demo agency is missing.
 */
export async function seedDemoWhiteLabel({ db }: SeedContext) {
  const [exists] = await db.select({ id: whiteLabels.id }).from(whiteLabels).where(eq(whiteLabels.slug, DEMO_STOREFRONT_SLUG)).limit(1);
  if (exists) return;
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Viajes Andinos')).limit(1);
  if (!agency) return;
  const found = await db
    .select({ id: places.id, name: places.name, ancestorNames: places.ancestorNames })
    .from(places)
    .where(and(inArray(places.name, DESTINATIONS), eq(places.type, 'city'), eq(places.countryCode, 'CO'), eq(places.active, true)));
  const featured = DESTINATIONS.flatMap((name) => {
    const p = found.find((f) => f.name === name);
    return p ? [{ id: p.id, name: p.name, description: [...p.ancestorNames].reverse().join(', ') }] : [];
  });
  const content: SiteContent = {
    ...EMPTY_SITE_CONTENT,
    primaryColor: '#0b5cab',
    secondaryColor: '#f59e0b',
    heroTitle: 'Viaja por Colombia con Viajes Andinos',
    heroText: 'Hoteles, tickets y traslados con atención en español, antes, durante y después de tu viaje.',
    featuredDestinations: featured,
    supportEmail: 'reservas@viajesandinos.example',
    supportPhone: '+576015550000',
    termsText:
      'Estos términos rigen las reservas hechas en esta tienda.\n\nLos precios se muestran en pesos colombianos e incluyen los impuestos indicados en cada oferta.\n\nLas condiciones de cancelación de cada servicio se muestran antes de pagar.',
    privacyText:
      'Usamos tus datos solo para gestionar tu reserva y contactarte sobre ella.\n\nPuedes pedir la corrección o eliminación de tus datos escribiendo a reservas@viajesandinos.example.',
    seoTitle: 'Viajes Andinos — hoteles y experiencias en Colombia',
    seoDescription: 'Reserva hoteles, tickets y traslados en Colombia con Viajes Andinos.',
  };
  const now = new Date();
  await db.insert(whiteLabels).values({
    id: DEMO_WHITE_LABEL_ID,
    agencyId: agency.id,
    name: 'Viajes Andinos',
    slug: DEMO_STOREFRONT_SLUG,
    status: 'active',
    // Supplier hotels, own tickets and own transfers are sold (own hotels are not: decisions 0340, 0530).
    products: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel', 'hotels-travesia', 'tickets-travesia', 'transfers-travesia'],
    currency: 'COP',
    language: 'es',
    markupPercent: '10',
    draft: content,
    draftUpdatedAt: now,
    published: content,
    publishedAt: now,
  });
}

import { AGENCY_MODULES } from '@travesia/contracts';
import { hashPassword } from '../../lib/passwords.js';
import { agencies, users } from '../schema/index.js';
import type { SeedContext } from './index.js';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_ACCOUNTS = [
  { email: 'super@travesia.example', type: 'super', agency: null, name: 'Sofía', lastName: 'Rangel' },
  { email: 'agencia@travesia.example', type: 'agency', agency: 'Viajes Andinos', name: 'Andrés', lastName: 'Montoya' },
  { email: 'asesor@travesia.example', type: 'adviser', agency: 'Viajes Andinos', name: 'Camila', lastName: 'Ortiz' },
  { email: 'cargador@travesia.example', type: 'product-loader', agency: null, name: 'Julián', lastName: 'Pérez' },
  { email: 'revendedor@travesia.example', type: 'reseller', agency: 'Viajes Andinos', name: 'Valentina', lastName: 'Gómez' },
  { email: 'agencia2@travesia.example', type: 'agency', agency: 'Agencia Norte', name: 'Mateo', lastName: 'Herrera' },
] as const;

const allModules = Object.fromEntries(AGENCY_MODULES.map((m) => [m, true]));
const hotelModules = Object.fromEntries(AGENCY_MODULES.filter((m) => m.startsWith('hotels-')).map((m) => [m, true]));

/** The demo agencies and the six demo accounts, all with password Demo1234!. Idempotent. */
export async function seedFoundation({ db }: SeedContext) {
  const existing = await db.select({ email: users.email }).from(users);
  if (existing.some((u) => u.email === 'super@travesia.example')) return;

  const [andinos, norte] = await db
    .insert(agencies)
    .values([
      {
        name: 'Viajes Andinos',
        mode: 'sandbox',
        options: allModules,
        distributed: {
          disney: [{ active: true, name: 'Walt Disney World Resort', provider: 'juniper', visible: true }],
          universal: [{ active: true, name: 'Universal Orlando Resort', provider: 'juniper', visible: true }],
        },
      },
      { name: 'Agencia Norte', mode: 'sandbox', options: hotelModules },
    ])
    .returning({ id: agencies.id, name: agencies.name });
  const agencyId = { 'Viajes Andinos': andinos.id, 'Agencia Norte': norte.id } as const;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.insert(users).values(
    DEMO_ACCOUNTS.map((a, i) => ({
      email: a.email,
      passwordHash,
      type: a.type,
      agencyId: a.agency ? agencyId[a.agency] : null,
      profile: { name: a.name, lastName: a.lastName, docType: 'CC', docNumber: String(1_020_300_400 + i) },
      canSeeAllVouchers: false,
    })),
  );
}

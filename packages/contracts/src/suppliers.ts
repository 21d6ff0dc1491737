import { providerLabels } from './booking/providers.js';
/** The external suppliers (spec §1) and what a provider account of each needs. */
export const SUPPLIERS = ['hotelbeds', 'juniper', 'restel', 'santsg'] as const;
export type SupplierId = (typeof SUPPLIERS)[number];

/** From the provider catalogue (booking/providers.ts). */
export const SUPPLIER_LABELS: Record<SupplierId, string> = providerLabels(SUPPLIERS);

/** Credential fields per supplier, as the supplier names them (PROTOCOLS.md). `secret` ones are encrypted and masked. */
export const SUPPLIER_CREDENTIAL_FIELDS: Record<
  SupplierId,
  ReadonlyArray<{ key: string; label: string; secret: boolean; optional?: boolean }>
> = {
  hotelbeds: [
    { key: 'hotelsApiKey', label: 'Api-key hoteles', secret: false },
    { key: 'hotelsSecret', label: 'Secreto hoteles', secret: true },
    { key: 'activitiesApiKey', label: 'Api-key actividades', secret: false, optional: true },
    { key: 'activitiesSecret', label: 'Secreto actividades', secret: true, optional: true },
    { key: 'transfersApiKey', label: 'Api-key traslados', secret: false, optional: true },
    { key: 'transfersSecret', label: 'Secreto traslados', secret: true, optional: true },
  ],
  juniper: [
    { key: 'email', label: 'Email (Login)', secret: false },
    { key: 'password', label: 'Contraseña (Login)', secret: true },
    { key: 'host', label: 'Host del cliente Juniper', secret: false, optional: true },
  ],
  restel: [
    { key: 'codigousu', label: 'Código de usuario', secret: false },
    { key: 'clausu', label: 'Clave', secret: true },
    { key: 'afiliacio', label: 'Afiliación', secret: false },
    { key: 'secacc', label: 'Código de acceso', secret: true },
    { key: 'usuario', label: 'Usuario de disponibilidad', secret: false, optional: true },
  ],
  santsg: [
    { key: 'agency', label: 'Agencia', secret: false },
    { key: 'user', label: 'Usuario', secret: false },
    { key: 'password', label: 'Contraseña', secret: true },
    { key: 'host', label: 'Host TourVisio', secret: false, optional: true },
  ],
};

/** Product kinds a supplier adapter can serve. */
export const PRODUCT_KINDS = ['hotel', 'ticket', 'transfer', 'flight'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  hotel: 'Hotel',
  ticket: 'Ticket',
  transfer: 'Traslado',
  flight: 'Vuelo',
};

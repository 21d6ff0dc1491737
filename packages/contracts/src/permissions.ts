import type { UserType } from './user-types.js';

/**
 * One table of what each user type may do (spec §6). The server checks it on every route;
 * the web uses it to build menus and guard routes, so the rule is written once.
 */
export const PERMISSIONS = [
  'dashboard:view',
  'search:use',
  'vouchers:read',
  'vouchers:read-all-agencies',
  'vouchers:approve',
  'vouchers:cancel',
  'users:manage',
  'configuration:manage',
  'markups:manage',
  'whitelabels:manage',
  'agencies:manage',
  'provider-templates:manage',
  'products:manage',
  'places:manage',
  'places:read',
  'audit:read',
  'exchange-rates:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const AGENCY_STAFF: Permission[] = ['dashboard:view', 'search:use', 'vouchers:read', 'places:read'];

export const ROLE_PERMISSIONS: Record<UserType, ReadonlySet<Permission>> = {
  super: new Set<Permission>([
    'dashboard:view',
    'search:use',
    'vouchers:read',
    'vouchers:read-all-agencies',
    'vouchers:approve',
    'vouchers:cancel',
    'users:manage',
    'configuration:manage',
    'markups:manage',
    'whitelabels:manage',
    'agencies:manage',
    'provider-templates:manage',
    'products:manage',
    'places:manage',
    'places:read',
    'audit:read',
    'exchange-rates:manage',
  ]),
  agency: new Set<Permission>([
    ...AGENCY_STAFF,
    'vouchers:approve',
    'vouchers:cancel',
    'users:manage',
    'configuration:manage',
    'markups:manage',
    'whitelabels:manage',
  ]),
  adviser: new Set<Permission>([...AGENCY_STAFF, 'vouchers:cancel']),
  reseller: new Set<Permission>([...AGENCY_STAFF, 'vouchers:cancel']),
  'product-loader': new Set<Permission>(['search:use', 'vouchers:read', 'products:manage', 'places:manage', 'places:read']),
};

export function can(type: UserType, permission: Permission): boolean {
  return ROLE_PERMISSIONS[type].has(permission);
}

/** User types an actor may create or edit. An agency admin manages only its agency's staff. */
export function manageableUserTypes(actor: UserType): UserType[] {
  if (actor === 'super') return ['super', 'agency', 'adviser', 'product-loader', 'reseller'];
  if (actor === 'agency') return ['agency', 'adviser', 'reseller'];
  return [];
}

/** Types that belong to an agency (and must have one); the others are platform staff. */
export const AGENCY_USER_TYPES: readonly UserType[] = ['agency', 'adviser', 'reseller'];

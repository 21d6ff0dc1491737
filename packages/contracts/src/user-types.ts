/** The five kinds of user (spec §1, §6). */
export const USER_TYPES = ['super', 'agency', 'adviser', 'product-loader', 'reseller'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  super: 'SUPER',
  agency: 'Agencia',
  adviser: 'Asesor | Minorista',
  'product-loader': 'Cargador de Producto',
  reseller: 'Revendedor',
};

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Activo', inactive: 'Inactivo' };

export const COMMISSION_TYPES = ['percentage', 'fixed'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = {
  percentage: 'Porcentaje',
  fixed: 'Valor fijo',
};

export const DOC_TYPES = ['CC', 'CE', 'NIT', 'PAS', 'TI', 'DNI', 'RUT', 'OTRO'] as const;
export const DOC_TYPE_LABELS: Record<(typeof DOC_TYPES)[number], string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  NIT: 'NIT',
  PAS: 'Pasaporte',
  TI: 'Tarjeta de identidad',
  DNI: 'DNI',
  RUT: 'RUT',
  OTRO: 'Otro',
};

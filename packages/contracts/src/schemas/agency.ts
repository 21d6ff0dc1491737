import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { AGENCY_MODULES, type AgencyModule } from '../modules.js';
import { optionalString, requiredString } from './common.js';
import { partialUpdateOf } from './partial-update.js';

export const AGENCY_MODES = ['sandbox', 'production'] as const;
export type AgencyMode = (typeof AGENCY_MODES)[number];
export const AGENCY_MODE_LABELS: Record<AgencyMode, string> = { sandbox: 'Pruebas (sandbox)', production: 'Producción' };

export const AGENCY_THEMES = ['default', 'dark', 'ocean', 'sunset'] as const;
export type AgencyTheme = (typeof AGENCY_THEMES)[number];
export const AGENCY_THEME_LABELS: Record<AgencyTheme, string> = {
  default: 'Predeterminado',
  dark: 'Oscuro',
  ocean: 'Océano',
  sunset: 'Atardecer',
};

/** A distributed Disney or Universal entry (spec §3): which provider sells it and whether agents see it. */
export const distributedEntrySchema = z.object({
  active: z.boolean(),
  name: requiredString('Nombre es obligatorio', 100),
  provider: requiredString('Proveedor es requerido', 60),
  visible: z.boolean(),
});

export const agencyOptionsSchema = z
  .object(Object.fromEntries(AGENCY_MODULES.map((m) => [m, z.boolean().optional()])) as Record<AgencyModule, z.ZodOptional<z.ZodBoolean>>)
  .strict();
export type AgencyOptions = Partial<Record<AgencyModule, boolean>>;

export const agencySchema = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  theme: z.string(),
  mode: z.enum(AGENCY_MODES),
  options: z.record(z.string(), z.boolean()),
  distributed: z.object({ disney: z.array(distributedEntrySchema), universal: z.array(distributedEntrySchema) }),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agency = z.infer<typeof agencySchema>;

export const createAgencyBody = z.object({
  name: requiredString(MESSAGES['agency.name.required'], 120),
  logo: optionalString(300).nullable().optional(),
  theme: z.enum(AGENCY_THEMES, { error: 'Tema no válido' }).default('default'),
  mode: z.enum(AGENCY_MODES, { error: 'Modo no válido' }).default('sandbox'),
  options: agencyOptionsSchema.default({}),
  distributed: z
    .object({
      disney: z.array(distributedEntrySchema).max(50).default([]),
      universal: z.array(distributedEntrySchema).max(50).default([]),
    })
    .default({ disney: [], universal: [] }),
  active: z.boolean().default(true),
});
export type CreateAgencyBody = z.input<typeof createAgencyBody>;

/** Only the fields given change (partialUpdateOf: no defaults, so `{name}` keeps modules, mode, lists and state). */
export const updateAgencyBody = partialUpdateOf(createAgencyBody);
export type UpdateAgencyBody = z.input<typeof updateAgencyBody>;

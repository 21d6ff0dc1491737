import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { COMMISSION_TYPES, USER_STATUSES, USER_TYPES } from '../user-types.js';
import { idSchema, optionalString, requiredString } from './common.js';

export const profileSchema = z.object({
  name: requiredString(MESSAGES['profile.name.required'], 100),
  lastName: requiredString(MESSAGES['profile.lastName.required'], 100),
  docType: requiredString(MESSAGES['profile.docType.required'], 20),
  docNumber: requiredString(MESSAGES['profile.docNumber.required'], 40),
  phone: optionalString(40).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const commissionSchema = z.object({
  type: z.enum(COMMISSION_TYPES, { error: 'Tipo de comisión no válido' }).default('percentage'),
  value: z
    .string({ error: 'El valor de la comisión debe ser un número' })
    .regex(/^\d{1,10}(\.\d{1,4})?$/, { error: 'El valor de la comisión debe ser un número positivo' })
    .default('0'),
});

export const userTypeSchema = z.enum(USER_TYPES, { error: 'Tipo de usuario no válido' });
export const userStatusSchema = z.enum(USER_STATUSES, { error: 'Estado no válido' });

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: userStatusSchema,
  type: userTypeSchema,
  agency: z.object({ _id: z.string(), name: z.string() }).nullable(),
  profile: profileSchema,
  canSeeAllVouchers: z.boolean(),
  availableProviders: z.array(z.string()),
  commission: z.object({ type: z.enum(COMMISSION_TYPES), value: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const createUserBody = z.object({
  email: requiredString(MESSAGES['email.required'], 254).pipe(
    z.email({ error: MESSAGES['email.invalid'] }).transform((e) => e.toLowerCase()),
  ),
  type: userTypeSchema,
  status: userStatusSchema.default('active'),
  /** Only super chooses the agency; everyone else creates users in their own agency. */
  agencyId: idSchema.nullable().optional(),
  profile: profileSchema,
  canSeeAllVouchers: z.boolean().default(false),
  availableProviders: z.array(idSchema).max(100).default([]),
  commission: commissionSchema.default({ type: 'percentage', value: '0' }),
});
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z
  .object({
    email: createUserBody.shape.email,
    type: userTypeSchema,
    status: userStatusSchema,
    agencyId: idSchema.nullable(),
    profile: profileSchema,
    canSeeAllVouchers: z.boolean(),
    availableProviders: z.array(idSchema).max(100),
    commission: z.object({ type: z.enum(COMMISSION_TYPES), value: commissionSchema.shape.value.unwrap() }),
  })
  .partial();
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userListQuery = z.object({
  q: z.string().trim().max(100, { error: 'Máximo 100 caracteres' }).optional(),
  agencyId: idSchema.optional(),
});

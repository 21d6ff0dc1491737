import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './agency-settings.js';
import { newPasswordSchema } from './schemas/auth.js';
import { requiredString } from './schemas/common.js';
import { profileSchema } from './schemas/user.js';

/** The user's own profile page (issue 16 item 6: the drawer's "Perfil"). */
export const OWN_PROFILE_MESSAGES = {
  saved: 'Perfil guardado',
  passwordChanged: 'Contraseña actualizada. Vuelve a iniciar sesión en tus otros dispositivos.',
  'currentPassword.required': 'La contraseña actual es obligatoria',
  'currentPassword.wrong': 'La contraseña actual no es correcta',
  'password.same': 'La nueva contraseña debe ser distinta de la actual',
} as const;

const flags = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean({ error: 'Debe ser verdadero o falso' })])) as Record<
  NotificationKind,
  z.ZodBoolean
>;

/** Which e-mails the user wants; every kind is on until they turn it off. */
export const notificationPrefsSchema = z.object(flags);
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { bookings: true, cancellations: true, approvals: true, deadlines: true };

export const ownProfileSchema = z.object({
  email: z.string(),
  profile: profileSchema,
  notifications: notificationPrefsSchema,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** PUT /api/profile: name and document (the e-mail, type and agency stay with whoever manages users). */
export const updateOwnProfileBody = z.object({ profile: profileSchema, notifications: notificationPrefsSchema.partial().default({}) });
export type UpdateOwnProfileBody = z.input<typeof updateOwnProfileBody>;

/** POST /api/profile/password: the current password proves it is the user, the new one meets decision 0132. */
export const ownPasswordBody = z.object({
  currentPassword: requiredString(OWN_PROFILE_MESSAGES['currentPassword.required'], 1024),
  password: newPasswordSchema,
});
export type OwnPasswordBody = z.infer<typeof ownPasswordBody>;

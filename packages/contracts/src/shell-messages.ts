/** Spanish texts of the web shell (layouts, guard, sign-in and recovery screens) that more than one screen reads. */
export const SHELL_MESSAGES = {
  forbiddenPage: 'No tienes permiso para ver esta página',
  forbiddenHint: 'Tu tipo de usuario o los módulos de tu agencia no incluyen esta sección.',
  notFoundPage: 'La página que buscas no existe',
  underConstructionHint: 'Pronto estará disponible. Mientras tanto puedes usar las demás secciones del menú.',
  sessionLoadFailed: 'No pudimos cargar tu sesión',
  goHome: 'Ir al inicio',
  retry: 'Reintentar',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  passwordConfirmRequired: 'Confirma la contraseña',
  tokenMissing: 'El enlace no es válido: falta el código. Solicita uno nuevo.',
  platformName: 'Travesía',
  platformTagline: 'Plataforma B2B de reservas para agencias de viajes',
} as const;

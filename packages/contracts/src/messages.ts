/**
 * The Spanish catalogue: every text a user reads that the server or more than one screen needs.
 * Validation messages keep the spec's exact wording (§5, §8).
 */
export const MESSAGES = {
  // §5 validation
  'email.required': 'Email es requerido',
  'email.invalid': 'Email debe ser correcto',
  'password.required': 'Contraseña es requerida',
  'form.invalid': 'Verifica el formulario',
  'profile.name.required': 'Nombre es obligatorio',
  'profile.lastName.required': 'Apellido es obligatorio',
  'profile.docType.required': 'Tipo de Documento es Obligatorio',
  'profile.docNumber.required': 'Documento es Obligatorio',
  // §8 errors
  'login.failed': 'Error inician Sesión',
  'login.rateLimited': 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.',
  'request.timeout': 'La solicitud tardó demasiado. Inténtalo de nuevo.',
  'unknown.translation': 'Sin definir',
  // generic HTTP errors
  'http.badRequest': 'La solicitud no es válida',
  'http.invalidJson': 'El cuerpo de la solicitud no es un JSON válido',
  'http.payloadTooLarge': 'La solicitud es demasiado grande',
  'http.unsupportedMediaType': 'Tipo de contenido no admitido',
  'http.unauthorized': 'Debes iniciar sesión',
  'http.sessionExpired': 'Tu sesión expiró. Inicia sesión de nuevo.',
  'http.forbidden': 'No tienes permiso para realizar esta acción',
  'http.notFound': 'No encontrado',
  'http.routeNotFound': 'La ruta solicitada no existe',
  'http.conflict': 'El registro cambió o ya existe',
  'http.tooManyRequests': 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  'http.internal': 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  'http.unavailable': 'El servicio no está disponible en este momento',
  // users
  'user.notFound': 'Usuario no encontrado',
  'user.emailTaken': 'Ya existe un usuario con ese email',
  'user.typeNotAllowed': 'No puedes asignar ese tipo de usuario',
  'user.agencyRequired': 'La agencia es obligatoria para este tipo de usuario',
  'user.cannotDeactivateSelf': 'No puedes desactivar tu propio usuario',
  'user.cannotChangeOwnType': 'No puedes cambiar tu propio tipo de usuario',
  'user.providerNotAvailable': 'Uno de los proveedores no pertenece a la agencia',
  'password.recoverySent': 'Si el email está registrado, recibirás un enlace para cambiar tu contraseña.',
  'password.changed': 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.',
  'password.tokenInvalid': 'El enlace no es válido o ya expiró. Solicita uno nuevo.',
  'password.tooWeak': 'La contraseña debe tener al menos 12 caracteres',
  'password.tooLong': 'La contraseña puede tener como máximo 128 caracteres',
  'password.tooCommon': 'Esa contraseña es demasiado común o fácil de adivinar. Elige otra más larga o menos previsible.',
  'password.recoveryRateLimited': 'Demasiadas solicitudes de recuperación. Espera unos minutos e inténtalo de nuevo.',
  // agencies
  'agency.notFound': 'Agencia no encontrada',
  'agency.name.required': 'Nombre es obligatorio',
  'agency.nameTaken': 'Ya existe una agencia con ese nombre',
  // common
  'common.saved': 'Guardado correctamente',
  'common.underConstruction': 'Esta sección está en construcción',
  // framework errors (issue 12 finding 12)
  'http.badUrl': 'La dirección solicitada no es válida',
  'http.uriTooLong': 'La dirección solicitada es demasiado larga',
  'http.emptyBody': 'El cuerpo de la solicitud está vacío',
  'http.methodNotAllowed': 'Método no permitido',
  'http.notAcceptable': 'No se puede responder en el formato pedido',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function t(key: string): string {
  return (MESSAGES as Record<string, string>)[key] ?? MESSAGES['unknown.translation'];
}

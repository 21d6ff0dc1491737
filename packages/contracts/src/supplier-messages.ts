/**
 * Spanish texts for supplier failures (apps/server/src/suppliers/errors.ts). A supplier's own text
 * never reaches a user: every failure is one of these codes.
 */
export const SUPPLIER_ERROR_MESSAGES = {
  SUPPLIER_TIMEOUT: 'El proveedor tardó demasiado en responder. Inténtalo de nuevo.',
  SUPPLIER_UNAVAILABLE: 'El proveedor no está disponible en este momento. Inténtalo más tarde.',
  SUPPLIER_CIRCUIT_OPEN: 'El proveedor presenta fallas repetidas; lo intentaremos de nuevo en unos minutos.',
  SUPPLIER_BAD_RESPONSE: 'El proveedor envió una respuesta no válida. Inténtalo de nuevo.',
  SUPPLIER_AUTH: 'Las credenciales del proveedor no son válidas. Revisa la cuenta del proveedor.',
  SUPPLIER_QUOTA: 'Se alcanzó el límite de consultas del proveedor. Inténtalo más tarde.',
  SUPPLIER_PRICE_CHANGED: 'El precio cambió con el proveedor. Revisa la nueva tarifa antes de reservar.',
  SUPPLIER_TOKEN_EXPIRED: 'La tarifa seleccionada expiró. Vuelve a buscar disponibilidad.',
  SUPPLIER_DUPLICATE_RESERVATION:
    'El proveedor ya tiene una reserva con los mismos pasajeros y vuelos. Confirma si deseas crear otra de todos modos.',
  SUPPLIER_NOT_AVAILABLE: 'La opción seleccionada ya no está disponible.',
  SUPPLIER_BOOKING_NOT_FOUND: 'El proveedor no encontró la reserva.',
  SUPPLIER_NOT_CANCELLABLE: 'El proveedor no permite cancelar esta reserva.',
  SUPPLIER_REJECTED: 'El proveedor rechazó la solicitud.',
  SUPPLIER_INVALID_REQUEST: 'Los datos de la solicitud no son válidos para este proveedor.',
  SUPPLIER_OUTCOME_UNKNOWN: 'No recibimos la respuesta del proveedor. Estamos verificando si la reserva quedó registrada; no la repitas.',
  SUPPLIER_UNSUPPORTED: 'Este proveedor no ofrece este tipo de producto.',
  SUPPLIER_HOST_REQUIRED:
    'La cuenta de producción de este proveedor debe indicar el host de su servicio (cada cliente de Juniper y cada operador de TourVisio tiene el suyo). Complétalo en la cuenta del proveedor.',
  SUPPLIER_HOST_FORBIDDEN: 'La dirección del proveedor no está permitida: debe ser un servidor público en el puerto 80, 443, 8080 u 8443.',
} as const;
export type SupplierErrorCode = keyof typeof SUPPLIER_ERROR_MESSAGES;

/** Board (meal plan) codes we normalise every supplier to, with their Spanish labels. */
export const BOARD_CODES = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export type BoardCode = (typeof BOARD_CODES)[number];
export const BOARD_LABELS: Record<BoardCode, string> = {
  RO: 'Solo alojamiento',
  BB: 'Alojamiento y desayuno',
  HB: 'Media pensión',
  FB: 'Pensión completa',
  AI: 'Todo incluido',
};

export const SUPPLIER_AUDIT_MESSAGES = {
  notFound: 'Registro de auditoría no encontrado',
  rangeInvalid: 'La fecha inicial debe ser anterior o igual a la final',
} as const;

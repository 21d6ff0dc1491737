import { z } from 'zod';

/** What every storefront product shares: messages, the billing block and the accepted price (issue 20). */
export const STOREFRONT_MESSAGES = {
  notFound: 'Tienda no encontrada',
  productNotSold: 'Esta tienda no vende este producto',
  orderNotFound: 'No encontramos una reserva con esa referencia y correo',
  priceChanged: 'El precio cambió: revísalo y acéptalo para continuar',
  paymentsUnavailable: 'Los pagos de esta tienda aún no están disponibles',
  /** The order's note when a payment was approved after its hold ended (decision 0600). */
  paidAfterHold: 'El pago se aprobó después de vencer el tiempo para pagar',
  voucherNotReady: 'Tu reserva aún no está confirmada: el voucher estará disponible cuando lo esté',
  phoneInvalid: 'Teléfono no válido: usa el formato internacional, p. ej. +573001234567',
  emailInvalid: 'Correo electrónico no válido',
  documentRequired: 'Documento de identidad es obligatorio',
  displayRateMissing: (currency: string) =>
    `Por ahora no podemos mostrar precios en ${currency}: falta la tasa de cambio. Inténtalo más tarde.`,
} as const;

const M = STOREFRONT_MESSAGES;

export const storefrontBillingSchema = z.object({
  name: z.string().trim().min(1, { error: 'Nombre es obligatorio' }).max(100),
  surname: z.string().trim().min(1, { error: 'Apellido es obligatorio' }).max(100),
  email: z.email({ error: M.emailInvalid }).max(200),
  /** E.164. */
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/, { error: M.phoneInvalid }),
  document: z.object({
    type: z.enum(['CC', 'CE', 'NIT', 'PASAPORTE'], { error: 'Tipo de documento no válido' }),
    number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,30}$/, { error: M.documentRequired }),
  }),
});

/** The price the traveller accepted (the quote's): a changed price answers 409 PRICE_CHANGED. */
export const storefrontPriceSchema = z.object({
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio no válido' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Moneda no válida' }),
});

/** An amount as the storefront answers it (the traveller's price). */
export const storefrontMoneySchema = z.object({ amount: z.string(), currency: z.string() });

/** A page of a storefront search's cached result, whatever the product. */
export function storefrontPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    cacheId: z.string().nullable(),
    expires: z.string().nullable(),
    itemsFound: z.number(),
    page: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    items: z.array(item),
  });
}

/** What every product's re-quote answers first: the price now, the price searched, whether it changed. */
export const storefrontQuoteBaseSchema = z.object({
  priceChanged: z.boolean(),
  price: storefrontMoneySchema,
  previousPrice: storefrontMoneySchema,
});

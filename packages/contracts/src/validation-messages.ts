import { z } from 'zod';

/**
 * The product's own Spanish text for validation failures a schema does not word itself
 * (docs/decisions/0120-validation-error-map.md). A schema's own `error` (the spec's field
 * messages) always wins; this map only replaces zod's generic library text.
 */
export const VALIDATION_MESSAGES = {
  required: 'Valor requerido',
  string: 'Debe ser un texto',
  number: 'Debe ser un número',
  boolean: 'Debe ser verdadero o falso',
  object: 'Debe ser un objeto',
  array: 'Debe ser una lista',
  invalid: 'Valor no válido',
  notAllowed: 'Valor no permitido',
  unknownFields: 'Contiene campos no permitidos',
  format: 'Formato no válido',
  email: 'Email debe ser correcto',
  id: 'Identificador no válido',
  url: 'Dirección web no válida',
  date: 'Fecha inválida',
  dateTime: 'Fecha y hora inválidas',
  time: 'Hora inválida',
  nul: 'El texto contiene caracteres no permitidos',
  tooDeep: 'La solicitud tiene demasiados niveles anidados',
  maxChars: (n: number | bigint) => `Máximo ${n} caracteres`,
  minChars: (n: number | bigint) => `Mínimo ${n} caracteres`,
  maxItems: (n: number | bigint) => `Máximo ${n} elementos`,
  minItems: (n: number | bigint) => (Number(n) === 1 ? 'Debe tener al menos un elemento' : `Debe tener al menos ${n} elementos`),
  max: (n: number | bigint | Date, inclusive: boolean) => (inclusive ? `Debe ser como máximo ${n}` : `Debe ser menor que ${n}`),
  min: (n: number | bigint | Date, inclusive: boolean) => (inclusive ? `Debe ser como mínimo ${n}` : `Debe ser mayor que ${n}`),
  multipleOf: (n: number | bigint) => `Debe ser múltiplo de ${n}`,
} as const;

const V = VALIDATION_MESSAGES;

const TYPE_MESSAGES: Record<string, string> = {
  string: V.string,
  number: V.number,
  int: V.number,
  bigint: V.number,
  nan: V.number,
  boolean: V.boolean,
  object: V.object,
  record: V.object,
  map: V.object,
  array: V.array,
  tuple: V.array,
  set: V.array,
  date: V.date,
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: V.email,
  uuid: V.id,
  uuidv4: V.id,
  uuidv6: V.id,
  uuidv7: V.id,
  guid: V.id,
  url: V.url,
  date: V.date,
  datetime: V.dateTime,
  time: V.time,
};

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** Spanish text for one zod issue that its schema did not word; never zod's generic library text. */
export function validationMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return V.required;
      return TYPE_MESSAGES[issue.expected] ?? V.invalid;
    case 'too_big': {
      if (issue.origin === 'string') return V.maxChars(issue.maximum as number);
      if (issue.origin === 'array' || issue.origin === 'set') return V.maxItems(issue.maximum as number);
      if (issue.origin === 'date') return V.date;
      return V.max(issue.maximum, issue.inclusive ?? true);
    }
    case 'too_small': {
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? V.required : V.minChars(issue.minimum as number);
      if (issue.origin === 'array' || issue.origin === 'set') return V.minItems(issue.minimum as number);
      if (issue.origin === 'date') return V.date;
      return V.min(issue.minimum, issue.inclusive ?? true);
    }
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? V.format;
    case 'not_multiple_of':
      return V.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return V.unknownFields;
    case 'invalid_value':
      return V.notAllowed;
    default:
      return V.invalid;
  }
}

/** Installs the map once per zod instance; importing the contracts (server and web) does it. */
export function installValidationMessages(): void {
  z.config({ customError: validationMessage });
}

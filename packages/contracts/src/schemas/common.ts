import { z } from 'zod';

/** A required, trimmed string whose every failure (missing, wrong type, empty) says `message`. */
export const requiredString = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres` });

export const optionalString = (max = 200) =>
  z
    .string({ error: 'Debe ser texto' })
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` });

export const idSchema = z.uuid({ error: 'Identificador no válido' });
export const idParams = z.object({ id: idSchema });

/** Page query (spec §3 Pagination); limit is bounded so no request can ask for everything. */
export const pageQuery = (defaultLimit = 20, maxLimit = 100) =>
  z.object({
    page: z.coerce
      .number({ error: 'La página debe ser un número' })
      .int({ error: 'La página debe ser un número entero' })
      .min(1, { error: 'La página debe ser 1 o mayor' })
      .max(1_000_000, { error: 'La página es demasiado grande' })
      .default(1),
    limit: z.coerce
      .number({ error: 'El límite debe ser un número' })
      .int({ error: 'El límite debe ser un número entero' })
      .min(1, { error: 'El límite debe ser 1 o mayor' })
      .max(maxLimit, { error: `El límite máximo es ${maxLimit}` })
      .default(defaultLimit),
  });

export const paginationFields = {
  totalDocs: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  prevPage: z.number().int().nullable(),
  nextPage: z.number().int().nullable(),
};

export const paginated = <T extends z.ZodType>(doc: T) => z.object({ docs: z.array(doc), ...paginationFields });
export type Paginated<T> = { docs: T[] } & {
  totalDocs: number;
  limit: number;
  page: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prevPage: number | null;
  nextPage: number | null;
};

export function pageOf<T>(docs: T[], totalDocs: number, page: number, limit: number): Paginated<T> {
  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  return {
    docs,
    totalDocs,
    limit,
    page,
    totalPages,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
}

export const successSchema = z.object({ success: z.literal(true), msg: z.string().optional() });

/** The body of every error answer. */
export const errorSchema = z.object({
  success: z.literal(false),
  error: z.literal(true),
  code: z.string(),
  msg: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

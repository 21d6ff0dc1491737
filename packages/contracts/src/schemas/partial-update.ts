import { z } from 'zod';

type WithoutDefault<S> =
  S extends z.ZodDefault<infer I> ? WithoutDefault<I> : S extends z.ZodObject<infer Shape> ? z.ZodObject<PartialShape<Shape>> : S;
type PartialShape<Shape extends z.ZodRawShape> = { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> };

function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault) return withoutDefault(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodObject) return partialUpdateOf(schema);
  return schema;
}

/**
 * The update schema of a create schema: every field optional and no `.default(...)` at any object
 * level, so a field left out of an update keeps its stored value instead of being reset
 * (issue 12 finding 3). Plain `.partial()` keeps the defaults: `{}` would come out full of them.
 * Arrays are values, not merged: a list given replaces the stored list.
 */
export function partialUpdateOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): z.ZodObject<PartialShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
  );
  return schema.extend(shape) as unknown as z.ZodObject<PartialShape<Shape>>;
}

import { z } from 'zod';
import { idSchema, paginationFields } from './schemas/common.js';
import { isTimeZone } from './time-zone.js';

/** The sixteen kinds of place (spec §3 Place), in the order a person picks them. */
export const PLACE_TYPES = [
  'country',
  'state',
  'region',
  'city',
  'cologne',
  'neighborhood',
  'tourist-area',
  'airport',
  'port',
  'station',
  'hotel',
  'accommodation',
  'point-of-interest',
  'location',
  'ski-resort',
  'other',
] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

export const PLACE_TYPE_LABELS: Record<PlaceType, string> = {
  country: 'País',
  state: 'Estado / Departamento',
  region: 'Región',
  city: 'Ciudad',
  cologne: 'Colonia',
  neighborhood: 'Barrio',
  'tourist-area': 'Zona turística',
  airport: 'Aeropuerto',
  port: 'Puerto',
  station: 'Estación',
  hotel: 'Hotel',
  accommodation: 'Alojamiento',
  'point-of-interest': 'Punto de interés',
  location: 'Punto de encuentro',
  'ski-resort': 'Estación de esquí',
  other: 'Otro',
};

/** Spanish texts of places and files (spec §5 keeps its exact wording, typos included). */
export const PLACE_MESSAGES = {
  'place.name.required': 'Nombre es obligatorio',
  'place.type.required': 'Tipo es obligatorio',
  // The spec gives the address the same message as the type.
  'place.address.required': 'Tipo es obligatorio',
  'place.keyword.required': 'Escribe algo para buscar',
  'place.keyword.min': 'Escribe mínimo 3 carácteres',
  'place.keyword.max': 'Escribe máximo 100 caracteres',
  'place.notFound': 'Lugar no encontrado',
  'place.parent.notFound': 'El lugar padre no existe',
  'place.parent.cycle': 'Un lugar no puede estar dentro de sí mismo ni de uno de sus lugares internos',
  'place.type.invalid': 'Tipo de lugar no válido',
  'place.lat.invalid': 'La latitud debe estar entre -90 y 90',
  'place.lng.invalid': 'La longitud debe estar entre -180 y 180',
  'place.iata.invalid': 'El código IATA debe tener 3 letras',
  'place.country.invalid': 'Código de país no válido (2 letras)',
  'place.image.notFound': 'Una de las imágenes no existe; súbela de nuevo',
  'place.ids.max': 'Máximo 500 identificadores',
  'place.limit.invalid': 'El límite debe estar entre 1 y 100',
  'file.required': 'Selecciona una imagen',
  'file.tooLarge': 'La imagen supera el tamaño máximo de 5 MB',
  'file.badType': 'El archivo no es una imagen JPEG, PNG o WebP',
  'file.tooManyPixels': 'La imagen es demasiado grande (máximo 40 megapíxeles)',
  'file.badName': 'Nombre de archivo no válido',
  'file.notFound': 'Archivo no encontrado',
  'file.notMultipart': 'Envía la imagen como multipart/form-data en el campo "file"',
} as const;
export type PlaceMessageKey = keyof typeof PLACE_MESSAGES;
const m = PLACE_MESSAGES;

export const placeTypeSchema = z.enum(PLACE_TYPES, { error: m['place.type.required'] });

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres` })
    .refine((s) => !CONTROL_CHARS.test(s), { error: 'Contiene caracteres no válidos' });

/** A stored image: the content-hashed name answered by the upload (`<hash>.webp`). */
export const imageNameSchema = z.string({ error: m['file.badName'] }).regex(/^[a-f0-9]{32}\.webp$/, { error: m['file.badName'] });

export const PLACE_TIME_ZONE_INVALID = 'Zona horaria no válida: elige una de la lista (p. ej. America/Bogota)';

export const placeBody = z.object({
  name: requiredText(m['place.name.required'], 200),
  type: placeTypeSchema,
  address: requiredText(m['place.address.required'], 300),
  active: z.boolean({ error: 'Activo debe ser verdadero o falso' }).default(true),
  parent: idSchema.nullable().default(null),
  lat: z
    .number({ error: m['place.lat.invalid'] })
    .min(-90, { error: m['place.lat.invalid'] })
    .max(90, { error: m['place.lat.invalid'] })
    .nullable()
    .default(null),
  lng: z
    .number({ error: m['place.lng.invalid'] })
    .min(-180, { error: m['place.lng.invalid'] })
    .max(180, { error: m['place.lng.invalid'] })
    .nullable()
    .default(null),
  images: z.array(imageNameSchema).max(20, { error: 'Máximo 20 imágenes' }).default([]),
  iataCode: z
    .string({ error: m['place.iata.invalid'] })
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: m['place.iata.invalid'] })
    .transform((s) => s.toUpperCase())
    .nullable()
    .default(null),
  countryCode: z
    .string({ error: m['place.country.invalid'] })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: m['place.country.invalid'] })
    .transform((s) => s.toUpperCase())
    .nullable()
    .default(null),
  /** IANA zone (decision 0450); null = its parent's. Own tickets' sessions and cut-off are read in it. */
  timeZone: z
    .string({ error: PLACE_TIME_ZONE_INVALID })
    .trim()
    .max(64, { error: PLACE_TIME_ZONE_INVALID })
    .refine(isTimeZone, { error: PLACE_TIME_ZONE_INVALID })
    .nullable()
    .default(null),
});
export type PlaceBody = z.input<typeof placeBody>;
export type PlaceInput = z.output<typeof placeBody>;

const toggleBody = z.object({ active: z.boolean({ error: 'Activo debe ser verdadero o falso' }) }).strict();

/**
 * PUT body: the whole place, or only `{active}` to toggle it (spec §7). Not a z.union, so a full body
 * keeps its per-field messages ('Nombre es obligatorio') instead of one "invalid union".
 */
export const placeUpdateBody = z.unknown().transform((value, ctx): PlaceInput | { active: boolean } => {
  const isToggle =
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && 'active' in value;
  const parsed = isToggle ? toggleBody.safeParse(value) : placeBody.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type PlaceUpdate = z.output<typeof placeUpdateBody>;

export const placeRefSchema = z.object({ _id: z.string(), name: z.string() });
export type PlaceRef = z.infer<typeof placeRefSchema>;

export const placeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: placeTypeSchema,
  address: z.string(),
  active: z.boolean(),
  parent: z.string().nullable(),
  /** Nearest first: the city's state, then its country. */
  ancestors: z.array(placeRefSchema),
  /** "Cartagena, Bolívar, Colombia". */
  displayName: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  images: z.array(z.string()),
  iataCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** Its own zone; null = its parent's. */
  timeZone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const placePageSchema = z.object({ docs: z.array(placeSchema), ...paginationFields });
export type PlacePage = z.infer<typeof placePageSchema>;

const intIn = (min: number, max: number, message: string, def: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(def);

/** GET /api/place?page&perPage (defaults 1 and 50, spec §7, §9); optional type and parent filters. */
export const placeListQuery = z.object({
  page: intIn(1, 1_000_000, 'La página debe ser un número entero mayor que 0', 1),
  perPage: intIn(1, 200, 'perPage debe estar entre 1 y 200', 50),
  type: placeTypeSchema.optional(),
  parent: idSchema.optional(),
});

/** `?type=` of autocomplete: one type or several separated by commas ("city,airport"). */
export const placeTypesQuery = z.object({
  type: z
    .string({ error: m['place.type.invalid'] })
    .max(300, { error: m['place.type.invalid'] })
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const types = [
        ...new Set(
          s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      for (const t of types) {
        if (!(PLACE_TYPES as readonly string[]).includes(t)) {
          ctx.addIssue({ code: 'custom', message: m['place.type.invalid'] });
          return z.NEVER;
        }
      }
      return types.length ? (types as PlaceType[]) : undefined;
    }),
});

export const autocompleteBody = z.object({
  keyword: z
    .string({ error: m['place.keyword.required'] })
    .max(100, { error: m['place.keyword.max'] })
    .transform((s) => s.replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ').trim())
    .pipe(z.string().min(1, { error: m['place.keyword.required'] }).min(3, { error: m['place.keyword.min'] })),
  limit: intIn(1, 100, m['place.limit.invalid'], 50),
  parent: idSchema.nullable().optional(),
});
export type AutocompleteBody = z.input<typeof autocompleteBody>;

export const placeIdsBody = z.object({
  ids: z.array(idSchema, { error: 'ids debe ser una lista de identificadores' }).max(500, { error: m['place.ids.max'] }),
});

export const placeListSchema = z.array(placeSchema);

/** Answer of POST /api/file/upload. */
export const uploadedFileSchema = z.object({
  file: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Web sizes: width -> file name. */
  variants: z.record(z.string(), z.string()),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export { IMAGE_WIDTHS, type ImageWidth, imageUrl } from './storefront-page.js';

/** One entry of the country catalogue (spec §3 Country catalog). */
export const countrySchema = z.object({
  alpha2: z.string(),
  alpha3: z.string(),
  name: z.string(),
  /** Calling code without '+', e.g. '57'; NANP members keep their area code ('1809'). */
  phoneCode: z.string(),
  phoneCodes: z.array(z.string()),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

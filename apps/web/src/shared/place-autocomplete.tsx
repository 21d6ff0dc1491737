import { useQuery } from '@tanstack/react-query';
import { PLACE_TYPE_LABELS, type Place, type PlaceType } from '@travesia/contracts';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { api } from '../lib/api';
import { useDebounced } from './use-debounced';

/** POST /api/place/autocomplete?type=… (spec §7). */
export const autocompletePlaces = (
  keyword: string,
  opts: { types?: PlaceType[]; parent?: string | null; limit?: number } = {},
  signal?: AbortSignal,
) =>
  api<Place[]>('/api/place/autocomplete', {
    method: 'POST',
    query: { type: opts.types?.length ? opts.types.join(',') : undefined },
    body: { keyword, limit: opts.limit ?? 20, ...(opts.parent ? { parent: opts.parent } : {}) },
    signal,
  });

/** POST /api/place/get-by-ids. */
export const placesByIds = (ids: string[]) => api<Place[]>('/api/place/get-by-ids', { method: 'POST', body: { ids } });

export interface PlaceAutocompleteProps extends Omit<SelectProps<string>, 'options' | 'showSearch' | 'onChange' | 'filterOption'> {
  value?: string | null;
  onChange?: (id: string | null, place: Place | null) => void;
  /** Only these kinds of place (e.g. ['city', 'airport', 'tourist-area']). */
  types?: PlaceType[];
  /** Only places inside this one, at any depth. */
  parent?: string | null;
  /** Leave this place (and what hangs from it) out, e.g. a place can't be its own parent. */
  excludeId?: string;
}

const MIN_CHARS = 3;

/**
 * Debounced place search that shows where a place is ("Cartagena de Indias, Bolívar, Colombia").
 * The value is the place id; a preset value is shown by its name, looked up once.
 */
export function PlaceAutocomplete({
  value,
  onChange,
  types,
  parent,
  excludeId,
  placeholder = 'Escribe mínimo 3 letras',
  ...rest
}: PlaceAutocompleteProps) {
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const enabled = keyword.length >= MIN_CHARS;
  const results = useQuery({
    queryKey: ['places', 'autocomplete', keyword, types?.join(','), parent ?? null],
    queryFn: ({ signal }) => autocompletePlaces(keyword, { types, parent }, signal),
    enabled,
    staleTime: 60_000,
  });
  const selected = useQuery({
    queryKey: ['places', 'by-id', value],
    queryFn: async () => (await placesByIds([value as string]))[0] ?? null,
    enabled: Boolean(value),
    staleTime: 300_000,
  });

  const found = (results.data ?? []).filter((p) => p._id !== excludeId && !p.ancestors.some((a) => a._id === excludeId));
  const options = found.map((p) => ({
    value: p._id,
    label: p.displayName,
    place: p,
    title: `${PLACE_TYPE_LABELS[p.type]} · ${p.displayName}`,
  }));
  if (value && selected.data && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: selected.data.displayName, place: selected.data, title: selected.data.displayName });
  }

  let notFound: string = 'Sin resultados';
  if (!enabled) notFound = search.trim() ? 'Escribe mínimo 3 carácteres' : 'Escribe algo para buscar';
  else if (results.isFetching) notFound = 'Buscando…';
  else if (results.isError) notFound = 'No se pudo buscar. Inténtalo de nuevo.';

  return (
    <Select<string>
      allowClear
      {...rest}
      value={value ?? undefined}
      placeholder={placeholder}
      loading={results.isFetching}
      options={options}
      notFoundContent={notFound}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onChange={(id, option) => {
        setSearch('');
        const place = (Array.isArray(option) ? undefined : (option as { place?: Place } | undefined)?.place) ?? null;
        onChange?.(id ?? null, place);
      }}
      optionRender={(option) => (
        <span>
          {option.label}
          <span style={{ color: '#8c8c8c', marginLeft: 8, fontSize: 12 }}>{PLACE_TYPE_LABELS[(option.data.place as Place).type]}</span>
        </span>
      )}
    />
  );
}

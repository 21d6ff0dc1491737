import { Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../../shared/use-debounced';
import { usePlaceAutocomplete } from '../api/autocomplete-places';

export interface Destination {
  id: string;
  name: string | null;
}

/**
 * Destination of a rule: a search over POST /api/place/autocomplete. Until the shared PlaceAutocomplete
 * (apps/web/src/shared) is merged this is the feature's own; when the places API is absent it becomes a
 * plain place-id field.
 */
export function DestinationPicker({ value, onChange }: { value?: Destination | null; onChange?: (v: Destination | null) => void }) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const places = usePlaceAutocomplete(debounced);

  if (places.data === null) {
    return (
      <>
        <Input
          allowClear
          aria-label="Identificador del destino"
          placeholder="Identificador del lugar (uuid)"
          value={value?.id ?? ''}
          onChange={(e) => onChange?.(e.target.value.trim() ? { id: e.target.value.trim(), name: null } : null)}
        />
        <Typography.Text type="secondary">El buscador de lugares no está disponible; escribe el identificador del lugar.</Typography.Text>
      </>
    );
  }

  const options = (places.data ?? []).map((p) => ({ value: p._id, label: p.displayName ?? p.name }));
  if (value && !options.some((o) => o.value === value.id)) options.unshift({ value: value.id, label: value.name ?? value.id });

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      aria-label="Destino"
      placeholder="Cualquier destino (escribe 3 letras para buscar)"
      value={value?.id}
      options={options}
      loading={places.isFetching}
      notFoundContent={debounced.trim().length < 3 ? 'Escribe al menos 3 letras' : 'Sin resultados'}
      onChange={(id: string | undefined) => {
        const opt = options.find((o) => o.value === id);
        onChange?.(id ? { id, name: opt ? String(opt.label) : null } : null);
      }}
    />
  );
}

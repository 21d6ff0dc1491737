import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The record's current agency, shown even when it isn't among the first results. */
  current?: { _id: string; name: string } | null;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

/** Agency picker searched on the server (super only). */
export function AgencySelect({ value, onChange, current, placeholder = 'Selecciona una agencia', allowClear, id, style, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const { data, isFetching } = useAgencyOptions({ q, limit: 50, enabled: true });
  const options = useMemo(() => {
    const list = data ?? [];
    return current && !list.some((o) => o.value === current._id) ? [{ value: current._id, label: current.name }, ...list] : list;
  }, [data, current]);
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={isFetching}
      placeholder={placeholder}
      allowClear={allowClear}
      notFoundContent="Sin resultados"
      style={style}
    />
  );
}

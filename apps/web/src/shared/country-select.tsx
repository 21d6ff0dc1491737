import { useQuery } from '@tanstack/react-query';
import type { Country } from '@travesia/contracts';
import { Select, type SelectProps } from 'antd';
import { api } from '../lib/api';
import { foldText } from './fold-text';

/** GET /api/catalog/countries: the ~250 countries with Spanish names; fetched once per session. */
export const fetchCountries = () => api<Country[]>('/api/catalog/countries');

export function useCountries() {
  return useQuery({
    queryKey: ['catalog', 'countries'],
    queryFn: fetchCountries,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export interface CountrySelectProps extends Omit<SelectProps<string>, 'options' | 'showSearch' | 'filterOption'> {
  /** Which code the value holds: 'alpha2' (CO, default) or 'alpha3' (COL). */
  valueKey?: 'alpha2' | 'alpha3';
  /** Show the calling code next to the name (+57). */
  showPhoneCode?: boolean;
}

/** A searchable country picker in Spanish, for every nationality and country field. Typing ignores accents. */
export function CountrySelect({
  valueKey = 'alpha2',
  showPhoneCode = false,
  placeholder = 'Selecciona un país',
  ...rest
}: CountrySelectProps) {
  const { data, isLoading, isError } = useCountries();
  const options = (data ?? []).map((c) => ({
    value: c[valueKey],
    label: showPhoneCode ? `${c.name} (+${c.phoneCode})` : c.name,
    search: foldText(`${c.name} ${c.alpha2} ${c.alpha3}`),
  }));
  return (
    <Select<string>
      {...rest}
      placeholder={placeholder}
      loading={isLoading}
      status={isError ? 'error' : rest.status}
      notFoundContent={isError ? 'No se pudo cargar la lista de países' : 'Sin resultados'}
      options={options}
      showSearch={{ filterOption: (input, option) => Boolean(option?.search.includes(foldText(input))) }}
    />
  );
}

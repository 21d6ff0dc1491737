import { Button, DatePicker, Form, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../../shared/use-debounced';
import { useSearchPlaces } from '../api/search-places';

interface Values {
  destination: string;
  dates: [Dayjs, Dayjs];
  adults: number;
}

/**
 * The storefront's hotel search (the home's `search` slot): destination, dates and adults; it opens
 * the results page `/s/{slug}/hoteles?…`.
 */
export function StorefrontSearchForm({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const places = useSearchPlaces(slug, debounced);
  const [names, setNames] = useState<Record<string, string>>({});
  const onFinish = (v: Values) => {
    const q = new URLSearchParams({
      destino: v.destination,
      nombre: names[v.destination] ?? '',
      entrada: v.dates[0].format('YYYY-MM-DD'),
      salida: v.dates[1].format('YYYY-MM-DD'),
      adultos: String(v.adults),
    });
    navigate(`/s/${slug}/hoteles?${q}`);
  };
  return (
    <Form<Values> layout="vertical" onFinish={onFinish} initialValues={{ adults: 2 }} aria-label="Buscar hoteles">
      <Form.Item label="Destino" name="destination" rules={[{ required: true, message: 'Elige un destino' }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          placeholder="¿A dónde viajas?"
          loading={places.isFetching}
          notFoundContent={debounced.length < 3 ? 'Escribe al menos 3 letras' : 'Sin resultados'}
          options={(places.data ?? []).map((p) => ({ value: p.id, label: p.label }))}
          onChange={(id: string) => {
            const p = places.data?.find((x) => x.id === id);
            if (p) setNames((n) => ({ ...n, [id]: p.name }));
          }}
        />
      </Form.Item>
      <Form.Item label="Fechas" name="dates" rules={[{ required: true, message: 'Elige las fechas de entrada y salida' }]}>
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          format="DD-MM-YYYY"
          placeholder={['Entrada', 'Salida']}
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
        />
      </Form.Item>
      <Form.Item label="Adultos" name="adults" rules={[{ required: true, message: 'Indica cuántos adultos viajan' }]}>
        <InputNumber min={1} max={9} style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        Buscar
      </Button>
    </Form>
  );
}

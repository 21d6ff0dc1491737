import type { FlightSearchFilters } from '@travesia/contracts';
import { Button, Card, Checkbox, Form, InputNumber, Select, Slider, Switch } from 'antd';

export interface FilterValues {
  stops?: number[];
  airlines?: string[];
  departure?: [number, number];
  arrival?: [number, number];
  price?: [number | null, number | null];
  baggageIncluded?: boolean;
  maxDurationHours?: number | null;
}

const STOPS = [
  { value: 0, label: 'Directo' },
  { value: 1, label: '1 escala' },
  { value: 2, label: '2 o más escalas' },
];
const clock = (h: number) => (h >= 24 ? '23:59' : `${String(h).padStart(2, '0')}:00`);
const hoursWindow = (w?: [number, number]) => (w && (w[0] > 0 || w[1] < 24) ? { from: clock(w[0]), to: clock(w[1]) } : undefined);
const hourMarks = { 0: '00', 6: '06', 12: '12', 18: '18', 24: '24' };

/** The form's values as the price search's optional filters (undefined when nothing narrows). */
export function toFilters(v: FilterValues): FlightSearchFilters | undefined {
  const f: FlightSearchFilters = {
    stops: v.stops?.length ? v.stops : undefined,
    airlines: v.airlines?.length ? v.airlines : undefined,
    departure: hoursWindow(v.departure),
    arrival: hoursWindow(v.arrival),
    minPrice: v.price?.[0] ?? undefined,
    maxPrice: v.price?.[1] ?? undefined,
    baggageIncluded: v.baggageIncluded || undefined,
    maxDurationMinutes: v.maxDurationHours ? Math.round(v.maxDurationHours * 60) : undefined,
  };
  const set = Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as FlightSearchFilters;
  return Object.keys(set).length ? set : undefined;
}

/** Filters of the results (stops, airlines, outbound departure / arrival hours, price, checked bag, duration). */
export function FlightFilters({ airlines, onChange }: { airlines: { code: string; name: string }[]; onChange: (v: FilterValues) => void }) {
  const [form] = Form.useForm<FilterValues>();
  return (
    <Card size="small" title="Filtros" data-testid="flight-filters">
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(_, all) => onChange(all)}
        initialValues={{ departure: [0, 24], arrival: [0, 24] }}
      >
        <Form.Item name="stops" label="Escalas">
          <Checkbox.Group options={STOPS} />
        </Form.Item>
        <Form.Item name="airlines" label="Aerolíneas">
          <Select
            mode="multiple"
            allowClear
            placeholder="Todas"
            options={airlines.map((a) => ({ value: a.code, label: `${a.name} (${a.code})` }))}
          />
        </Form.Item>
        <Form.Item name="departure" label="Hora de salida (ida)">
          <Slider range min={0} max={24} marks={hourMarks} />
        </Form.Item>
        <Form.Item name="arrival" label="Hora de llegada (ida)">
          <Slider range min={0} max={24} marks={hourMarks} />
        </Form.Item>
        <Form.Item label="Precio total">
          <Form.Item name={['price', 0]} noStyle>
            <InputNumber aria-label="Precio mínimo" min={0} placeholder="Mínimo" style={{ width: '48%', marginRight: '4%' }} />
          </Form.Item>
          <Form.Item name={['price', 1]} noStyle>
            <InputNumber aria-label="Precio máximo" min={0} placeholder="Máximo" style={{ width: '48%' }} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="baggageIncluded" label="Con equipaje facturado" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="maxDurationHours" label="Duración máxima (horas)">
          <InputNumber aria-label="Duración máxima" min={1} max={99} style={{ width: '100%' }} />
        </Form.Item>
        <Button
          block
          onClick={() => {
            form.resetFields();
            onChange(form.getFieldsValue());
          }}
        >
          Quitar filtros
        </Button>
      </Form>
    </Card>
  );
}

import { canAddSegment, canRemoveSegment, FLIGHT_CLASS_LABELS, FLIGHT_CLASSES, type Place } from '@travesia/contracts';
import { Button, Card, Checkbox, DatePicker, Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { NoAccountsNote } from '../../../shared/provider-accounts/no-accounts';
import { useUsableProviderAccounts } from '../../../shared/provider-accounts/use-usable-provider-accounts';
import { useCheckInDates } from '../api/check-in-dates';
import type { PriceSearchRequest } from '../api/price-search';
import { dayUnavailable, RETURN_BEFORE_DEPARTURE, SEGMENT_BEFORE_PREVIOUS } from '../logic/flight-days';
import { flightState, TYPE_LABELS, TYPE_SLUG } from '../state';

interface SegmentForm {
  origin?: string;
  destiny?: string;
  start?: Dayjs;
  end?: Dayjs;
}

interface SearchForm {
  serviceType: '1' | '2' | '3';
  provider?: string;
  destinations: SegmentForm[];
  adults: number;
  children: number[];
  flightClass: string;
  showOnlyNonStopFlight: boolean;
}

const TYPES = { city: '2', airport: '5' } as const;
const AIRPORT_TYPES: Place['type'][] = ['city', 'airport'];

/** One segment: origin, destination and dates; days without flights (getcheckindates) are greyed. */
function SegmentRow({
  index,
  roundTrip,
  placeType,
  onPlace,
}: {
  index: number;
  roundTrip: boolean;
  placeType: (id: string) => string;
  onPlace: (p: Place | null) => void;
}) {
  const form = Form.useFormInstance<SearchForm>();
  const origin = Form.useWatch(['destinations', index, 'origin'], form);
  const destiny = Form.useWatch(['destinations', index, 'destiny'], form);
  const provider = Form.useWatch('provider', form);
  const serviceType = Form.useWatch('serviceType', form);
  const start = Form.useWatch(['destinations', index, 'start'], form) as Dayjs | undefined;
  // A multi-city segment leaves on or after the one before it (undefined for the first segment).
  const previousStart = Form.useWatch(['destinations', index - 1, 'start'], form) as Dayjs | undefined;
  const route = (from: string, to: string, type: string) => ({
    serviceType: type,
    origin: { id: from, type: placeType(from) },
    destiny: { id: to, type: placeType(to) },
    provider: provider as string,
  });
  const dates = useCheckInDates(origin && destiny && provider ? route(origin, destiny, serviceType ?? '1') : null);
  // The return flies the route backwards: its days are the one-way days from the destination.
  const returnDates = useCheckInDates(roundTrip && origin && destiny && provider ? route(destiny, origin, '1') : null);
  const today = dayjs();
  const disabledDate = (d: Dayjs) => dayUnavailable(d, { today, after: index > 0 ? previousStart : null, flightDays: dates.data });
  const disabledReturn = (d: Dayjs) => dayUnavailable(d, { today, after: start, flightDays: returnDates.data });
  return (
    <Space wrap align="start">
      <Form.Item label="Origen" name={[index, 'origin']} rules={[{ required: true, message: 'Origen es requerido' }]}>
        <PlaceAutocomplete types={AIRPORT_TYPES} style={{ width: 260 }} placeholder="Ciudad o aeropuerto" onChange={(_, p) => onPlace(p)} />
      </Form.Item>
      <Form.Item label="Destino" name={[index, 'destiny']} rules={[{ required: true, message: 'Destino es requerido' }]}>
        <PlaceAutocomplete types={AIRPORT_TYPES} style={{ width: 260 }} placeholder="Ciudad o aeropuerto" onChange={(_, p) => onPlace(p)} />
      </Form.Item>
      <Form.Item
        label="Salida"
        name={[index, 'start']}
        dependencies={index > 0 ? [['destinations', index - 1, 'start']] : []}
        rules={[
          { required: true, message: 'Fecha de salida es requerida' },
          {
            validator: async (_, day?: Dayjs) => {
              const previous = index > 0 ? (form.getFieldValue(['destinations', index - 1, 'start']) as Dayjs | undefined) : undefined;
              if (day && previous && day.isBefore(previous, 'day')) throw new Error(SEGMENT_BEFORE_PREVIOUS);
            },
          },
        ]}
      >
        <DatePicker format="DD-MM-YYYY" disabledDate={disabledDate} />
      </Form.Item>
      {roundTrip && (
        <Form.Item
          label="Regreso"
          name={[index, 'end']}
          dependencies={[['destinations', index, 'start']]}
          rules={[
            { required: true, message: 'Fecha de regreso es requerida' },
            {
              validator: async (_, end?: Dayjs) => {
                const departure = form.getFieldValue(['destinations', index, 'start']) as Dayjs | undefined;
                if (end && departure && end.isBefore(departure, 'day')) throw new Error(RETURN_BEFORE_DEPARTURE);
              },
            },
          ]}
        >
          <DatePicker format="DD-MM-YYYY" disabledDate={disabledReturn} />
        </Form.Item>
      )}
    </Space>
  );
}

/** /search/flight/santsg: one way, round trip or multi-city (spec §5 segment rules), passengers and class. */
export function FlightSearchPage() {
  const [form] = Form.useForm<SearchForm>();
  const navigate = useNavigate();
  const accounts = useUsableProviderAccounts();
  const types = useRef(new Map<string, string>());
  const serviceType = Form.useWatch('serviceType', form) ?? '2';
  const flightAccounts = (accounts.data ?? []).filter((a) => a.supplier === 'santsg');

  const submit = (v: SearchForm) => {
    const request: PriceSearchRequest = {
      serviceType: v.serviceType,
      flightClass: v.flightClass,
      culture: 'en-US',
      currency: 'USD',
      destinations: v.destinations.map((d) => ({
        origin: { id: d.origin as string, type: types.current.get(d.origin as string) ?? '5' },
        destiny: { id: d.destiny as string, type: types.current.get(d.destiny as string) ?? '5' },
        start: (d.start as Dayjs).format('YYYY-MM-DD'),
        ...(v.serviceType === '2' && d.end ? { end: d.end.format('YYYY-MM-DD') } : {}),
      })),
      showOnlyNonStopFlight: v.showOnlyNonStopFlight,
      paxes: { adults: Array.from({ length: v.adults }, () => 30), children: v.children ?? [] },
      provider: v.provider as string,
    };
    flightState.setRequest(request);
    navigate(`/flight/santsg/avail/${TYPE_SLUG[v.serviceType]}`);
  };

  const onType = (t: '1' | '2' | '3') => {
    const current = form.getFieldValue('destinations') as SegmentForm[];
    if (t === '3' && current.length < 2) form.setFieldValue('destinations', [...current, {}]);
    if (t !== '3') form.setFieldValue('destinations', current.slice(0, 1));
  };

  return (
    <Card title="Buscar vuelos">
      <Form<SearchForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          serviceType: '2',
          destinations: [{}],
          adults: 2,
          children: [],
          flightClass: 'ECONOMY',
          showOnlyNonStopFlight: false,
        }}
      >
        <Space wrap>
          <Form.Item name="serviceType" label="Tipo de viaje">
            <Radio.Group
              optionType="button"
              onChange={(e) => onType(e.target.value)}
              options={(['1', '2', '3'] as const).map((k) => ({ value: k, label: TYPE_LABELS[k] }))}
            />
          </Form.Item>
          <Form.Item
            name="provider"
            label="Proveedor"
            rules={[{ required: true, message: 'Proveedor es requerido' }]}
            extra={accounts.isSuccess && flightAccounts.length === 0 ? <NoAccountsNote /> : undefined}
          >
            <Select
              style={{ width: 240 }}
              loading={accounts.isLoading}
              options={flightAccounts.map((a) => ({ value: a._id, label: a.name }))}
              placeholder="Cuenta de proveedor"
            />
          </Form.Item>
        </Space>
        <Form.List name="destinations">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="center">
                  <SegmentRow
                    index={f.name}
                    roundTrip={serviceType === '2'}
                    placeType={(id) => types.current.get(id) ?? '5'}
                    onPlace={(p) => p && types.current.set(p._id, p.type === 'city' ? TYPES.city : TYPES.airport)}
                  />
                  {serviceType === '3' && canRemoveSegment(fields.length) && (
                    <Button onClick={() => remove(f.name)} aria-label={`Quitar tramo ${i + 1}`}>
                      Quitar
                    </Button>
                  )}
                </Space>
              ))}
              {serviceType === '3' && canAddSegment(fields.length) && <Button onClick={() => add({})}>Agregar tramo</Button>}
            </>
          )}
        </Form.List>
        <Space wrap align="start">
          <Form.Item name="adults" label="Adultos">
            <InputNumber min={1} max={9} />
          </Form.Item>
          <Form.List name="children">
            {(fields, { add, remove }) => (
              <Form.Item label="Niños e infantes (edad)">
                <Space wrap>
                  {fields.map((f) => (
                    <Space key={f.key}>
                      <Form.Item name={f.name} noStyle>
                        <InputNumber min={0} max={11} aria-label="Edad del niño" />
                      </Form.Item>
                      <Button size="small" onClick={() => remove(f.name)}>
                        Quitar
                      </Button>
                    </Space>
                  ))}
                  <Button onClick={() => add(5)}>Agregar niño</Button>
                </Space>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item name="flightClass" label="Clase">
            <Select style={{ width: 160 }} options={FLIGHT_CLASSES.map((c) => ({ value: c, label: FLIGHT_CLASS_LABELS[c] }))} />
          </Form.Item>
          <Form.Item name="showOnlyNonStopFlight" valuePropName="checked" label=" ">
            <Checkbox>Solo vuelos directos</Checkbox>
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">Los días sin vuelos aparecen deshabilitados en el calendario.</Typography.Paragraph>
        <Button type="primary" htmlType="submit">
          Buscar
        </Button>
      </Form>
    </Card>
  );
}

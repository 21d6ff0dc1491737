import { type TransferPointType, transferTimeLabel } from '@travesia/contracts';
import { Button, Card, DatePicker, Form, InputNumber, Radio, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { NoAccountsNote } from '../../../shared/provider-accounts/no-accounts';
import { type PointForm, pointBody } from '../state';
import { PointFields } from './point-fields';

export interface SearchValues {
  from: PointForm;
  to: PointForm;
  trip: 'one-way' | 'round-trip';
  outboundDate: Dayjs;
  outboundTime: Dayjs;
  returnDate?: Dayjs;
  returnTime?: Dayjs;
  adults: number;
  childrenAges: number[];
  provider?: string;
}

export const DEFAULT_SEARCH: Partial<SearchValues> = {
  from: { type: 'airport' },
  to: { type: 'hotel' },
  trip: 'round-trip',
  outboundDate: dayjs().add(7, 'day'),
  outboundTime: dayjs('10:00', 'HH:mm'),
  returnDate: dayjs().add(11, 'day'),
  returnTime: dayjs('15:00', 'HH:mm'),
  adults: 2,
  childrenAges: [],
};

/** The search body of the form's values. */
export function searchBody(v: SearchValues, providers?: string[]) {
  return {
    from: pointBody(v.from),
    to: pointBody(v.to),
    outbound: { date: v.outboundDate.format('YYYY-MM-DD'), time: v.outboundTime.format('HH:mm') },
    ...(v.trip === 'round-trip' && v.returnDate && v.returnTime
      ? { return: { date: v.returnDate.format('YYYY-MM-DD'), time: v.returnTime.format('HH:mm') } }
      : {}),
    adults: v.adults,
    childrenAges: v.childrenAges ?? [],
    ...(providers ? { providers } : {}),
  };
}

/**
 * From and to as typed points, one way or round trip, the date and time of each leg — the time's label
 * says what it means by direction (flight or train arrival, departure, or the desired pickup) —,
 * adults and the ages of children and infants.
 */
export function TransferSearchForm({
  onSearch,
  searching,
  accounts,
  accountsReady = true,
  initialValues,
}: {
  onSearch: (v: SearchValues) => void;
  /** Values that replace the defaults (the cross-sell from a hotel voucher). */
  initialValues?: Partial<SearchValues>;
  searching: boolean;
  /** A supplier's route: its accounts to choose from (none: every enabled supplier). */
  accounts?: { _id: string; name: string }[];
  /** The accounts have been read (no "no account" note while they load). */
  accountsReady?: boolean;
}) {
  const [form] = Form.useForm<SearchValues>();
  const fromType = (Form.useWatch(['from', 'type'], form) ?? 'airport') as TransferPointType;
  const toType = (Form.useWatch(['to', 'type'], form) ?? 'hotel') as TransferPointType;
  const trip = Form.useWatch('trip', form) ?? 'round-trip';
  return (
    <Card>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...DEFAULT_SEARCH, ...initialValues }}
        onFinish={onSearch}
        aria-label="Búsqueda de traslados"
      >
        <PointFields name="from" label="Desde" />
        <PointFields name="to" label="Hasta" />
        <Space wrap align="start">
          <Form.Item name="trip" label="Trayecto">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'one-way', label: 'Solo ida' },
                { value: 'round-trip', label: 'Ida y regreso' },
              ]}
            />
          </Form.Item>
          <Form.Item name="outboundDate" label="Fecha de ida" rules={[{ required: true, message: 'La fecha es requerida' }]}>
            <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item
            name="outboundTime"
            label={transferTimeLabel(fromType, toType)}
            rules={[{ required: true, message: 'Hora requerida' }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
          </Form.Item>
          {trip === 'round-trip' && (
            <>
              <Form.Item name="returnDate" label="Fecha de regreso" rules={[{ required: true, message: 'La fecha es requerida' }]}>
                <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
              </Form.Item>
              {/* The return leg goes the other way: its time means what the swapped points say. */}
              <Form.Item
                name="returnTime"
                label={`Regreso: ${transferTimeLabel(toType, fromType)}`}
                rules={[{ required: true, message: 'Hora requerida' }]}
              >
                <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
              </Form.Item>
            </>
          )}
        </Space>
        <Space wrap align="start">
          <Form.Item name="adults" label="Adultos" rules={[{ required: true }]}>
            <InputNumber min={1} max={30} />
          </Form.Item>
          <Form.Item label="Niños (3–12) e infantes (0–2)">
            <Form.List name="childrenAges">
              {(fields, { add, remove }) => (
                <Space wrap>
                  {fields.map((f, i) => (
                    <Space key={f.key} size={4}>
                      <Form.Item name={f.name} noStyle rules={[{ required: true, message: 'Edad requerida' }]}>
                        <InputNumber min={0} max={12} aria-label={`Edad del niño ${i + 1}`} style={{ width: 80 }} />
                      </Form.Item>
                      <Button size="small" onClick={() => remove(f.name)} aria-label={`Quitar niño ${i + 1}`}>
                        ×
                      </Button>
                    </Space>
                  ))}
                  {fields.length < 10 && <Button onClick={() => add(8)}>Agregar niño</Button>}
                </Space>
              )}
            </Form.List>
          </Form.Item>
          {accounts && (
            <Form.Item
              name="provider"
              label="Cuenta del proveedor"
              rules={[{ required: true, message: 'Proveedor es requerido' }]}
              extra={accountsReady && accounts.length === 0 ? <NoAccountsNote /> : undefined}
            >
              <Select style={{ minWidth: 200 }} options={accounts.map((a) => ({ value: a._id, label: a.name }))} />
            </Form.Item>
          )}
        </Space>
        <Button type="primary" htmlType="submit" loading={searching}>
          Buscar traslados
        </Button>
      </Form>
    </Card>
  );
}

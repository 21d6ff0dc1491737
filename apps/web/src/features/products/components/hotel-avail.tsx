import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type AvailabilityBulkBody, BOARD_LABELS, type BoardCode, type InventoryDayDto, MESSAGES } from '@travesia/contracts';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Empty,
  Flex,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useBulkAvailability } from '../api/bulk-availability';
import { useGetHotel } from '../api/get-hotel';
import { useHotelCalendar } from '../api/hotel-calendar';
import { useListHotels } from '../api/list-hotels';

const WEEKDAY_OPTIONS = [
  { value: 1, label: 'Lun' },
  { value: 2, label: 'Mar' },
  { value: 3, label: 'Mié' },
  { value: 4, label: 'Jue' },
  { value: 5, label: 'Vie' },
  { value: 6, label: 'Sáb' },
  { value: 0, label: 'Dom' },
];
const TRI = [
  { value: 'keep', label: 'Sin cambio' },
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
];

interface BulkValues {
  range: [Dayjs, Dayjs];
  weekdays: number[];
  allotment?: number | null;
  price1?: string | null;
  price2?: string | null;
  price3?: string | null;
  priceExtraAdult?: string | null;
  priceChild?: string | null;
  supplements?: Partial<Record<BoardCode, string | null>>;
  minNights?: number | null;
  stopSale: 'keep' | 'yes' | 'no';
  closedToArrival: 'keep' | 'yes' | 'no';
}

const given = <T,>(v: T | null | undefined) => (v === null || v === undefined || (v as unknown) === '' ? undefined : v);
const tri = (v: 'keep' | 'yes' | 'no') => (v === 'keep' ? undefined : v === 'yes');

/** /product/hotel/avail/: a month per room type with price and rooms per day, and the bulk edit drawer. */
export function HotelAvail() {
  const [params, setParams] = useSearchParams();
  const hotelId = params.get('hotel') ?? undefined;
  const hotels = useListHotels(1, '', 100);
  const hotel = useGetHotel(hotelId);
  const roomTypes = hotel.data?.roomTypes ?? [];
  const roomTypeId = params.get('room') ?? roomTypes[0]?._id;
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const from = month.format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const calendar = useHotelCalendar(roomTypeId, from, to);
  const [open, setOpen] = useState(false);
  const bulk = useBulkAvailability();
  const [form] = Form.useForm<BulkValues>();
  const { message } = App.useApp();

  const byDay = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.day, d])), [calendar.data]);
  const cells: { key: string; date: Dayjs | null }[] = [];
  const lead = (month.day() + 6) % 7; // weeks start on Monday
  for (let i = 0; i < lead; i++) cells.push({ key: `lead-${i}`, date: null });
  for (let d = 0; d < month.daysInMonth(); d++) {
    const date = month.add(d, 'day');
    cells.push({ key: date.format('YYYY-MM-DD'), date });
  }

  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v) p.set(k, v);
      else p.delete(k);
    setParams(p);
  };

  const submit = (v: BulkValues) => {
    if (!roomTypeId) return;
    const supplements = Object.fromEntries(Object.entries(v.supplements ?? {}).filter(([, x]) => given(x) !== undefined)) as Record<
      BoardCode,
      string
    >;
    const body: AvailabilityBulkBody = {
      roomTypeId,
      from: v.range[0].format('YYYY-MM-DD'),
      to: v.range[1].format('YYYY-MM-DD'),
      weekdays: v.weekdays,
      allotment: given(v.allotment) ?? undefined,
      price1: given(v.price1),
      price2: given(v.price2),
      price3: given(v.price3),
      priceExtraAdult: given(v.priceExtraAdult),
      priceChild: given(v.priceChild),
      boardSupplements: Object.keys(supplements).length ? supplements : undefined,
      minNights: given(v.minNights) ?? undefined,
      stopSale: tri(v.stopSale),
      closedToArrival: tri(v.closedToArrival),
    };
    bulk.mutate(body, {
      onSuccess: (r) => {
        message.success(`${r.days} días actualizados`);
        setOpen(false);
      },
      onError: (err) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']),
    });
  };

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Disponibilidad y precios
      </Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 280 }}
          placeholder="Selecciona un hotel"
          aria-label="Hotel"
          value={hotelId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(hotels.data?.docs ?? []).map((h) => ({ value: h._id, label: h.name }))}
          onChange={(v) => set({ hotel: v, room: null })}
        />
        <Select
          style={{ minWidth: 220 }}
          placeholder="Tipo de habitación"
          aria-label="Tipo de habitación"
          value={roomTypeId}
          options={roomTypes.map((r) => ({ value: r._id, label: r.name }))}
          onChange={(v) => set({ room: v })}
        />
        <Button type="primary" disabled={!roomTypeId} onClick={() => setOpen(true)}>
          Edición masiva
        </Button>
      </Flex>
      {!roomTypeId ? (
        <Empty description="Selecciona un hotel con tipos de habitación" />
      ) : (
        <>
          <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
            <Button icon={<LeftOutlined />} aria-label="Mes anterior" onClick={() => setMonth(month.subtract(1, 'month'))} />
            <Typography.Text strong style={{ minWidth: 140, textAlign: 'center', textTransform: 'capitalize' }}>
              {month.format('MMMM YYYY')}
            </Typography.Text>
            <Button icon={<RightOutlined />} aria-label="Mes siguiente" onClick={() => setMonth(month.add(1, 'month'))} />
            <Typography.Text type="secondary">Precio doble por noche ({hotel.data?.currency}) · cupo</Typography.Text>
          </Flex>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }} data-testid="avail-calendar">
            {WEEKDAY_OPTIONS.map((w) => (
              <Typography.Text key={w.value} type="secondary" style={{ textAlign: 'center' }}>
                {w.label}
              </Typography.Text>
            ))}
            {cells.map((c) => (c.date ? <DayCell key={c.key} date={c.date} info={byDay.get(c.key)} /> : <div key={c.key} />))}
          </div>
        </>
      )}
      <Drawer title="Edición masiva" open={open} onClose={() => setOpen(false)} size="large" destroyOnHidden>
        <Form<BulkValues>
          form={form}
          layout="vertical"
          initialValues={{
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            stopSale: 'keep',
            closedToArrival: 'keep',
            range: [month, month.endOf('month')],
          }}
          onFinish={submit}
        >
          <Form.Item label="Fechas" name="range" rules={[{ required: true, message: 'Indique el rango de fechas' }]}>
            <DatePicker.RangePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item
            label="Días de la semana"
            name="weekdays"
            rules={[{ required: true, type: 'array', min: 1, message: 'Indique al menos un día de la semana' }]}
          >
            <Checkbox.Group options={WEEKDAY_OPTIONS} />
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item label="Cupo (habitaciones)" name="allotment">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="Estancia mínima (noches)" name="minNights">
                <InputNumber min={1} max={30} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            {(
              [
                ['price1', '1 adulto'],
                ['price2', '2 adultos'],
                ['price3', '3 adultos'],
                ['priceExtraAdult', 'Adulto extra'],
                ['priceChild', 'Niño'],
              ] as const
            ).map(([name, label]) => (
              <Col span={8} key={name}>
                <Form.Item label={`Precio ${label}`} name={name}>
                  <InputNumber min="0" step="1" stringMode precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">Suplemento de régimen por persona y noche</Typography.Text>
          <Row gutter={12}>
            {(hotel.data?.boards ?? []).map((b) => (
              <Col span={8} key={b}>
                <Form.Item label={BOARD_LABELS[b]} name={['supplements', b]}>
                  <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item label="Cerrado a la venta (stop-sale)" name="stopSale">
                <Select options={TRI} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Cerrado a la llegada" name="closedToArrival">
                <Select options={TRI} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={bulk.isPending}>
              Aplicar
            </Button>
            <Button onClick={() => setOpen(false)}>Cancelar</Button>
          </Space>
        </Form>
      </Drawer>
    </Card>
  );
}

function DayCell({ date, info }: { date: Dayjs; info?: InventoryDayDto }) {
  const closed = info?.stopSale || (info?.allotment ?? 0) === 0;
  return (
    <div
      data-day={date.format('YYYY-MM-DD')}
      style={{
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        padding: 6,
        minHeight: 76,
        background: !info ? '#fafafa' : closed ? '#fff1f0' : '#f6ffed',
      }}
    >
      <Typography.Text strong>{date.date()}</Typography.Text>
      {info ? (
        <div style={{ fontSize: 12 }}>
          <div>{info.price2 ?? '—'}</div>
          <div>Cupo: {info.allotment}</div>
          <Space size={2} wrap>
            {info.stopSale && <Tag color="red">Stop-sale</Tag>}
            {info.closedToArrival && <Tag color="orange">CTA</Tag>}
            {info.minNights > 1 && <Tag>Mín. {info.minNights}</Tag>}
          </Space>
        </div>
      ) : (
        <div style={{ fontSize: 12, color: '#999' }}>Sin cargar</div>
      )}
    </div>
  );
}

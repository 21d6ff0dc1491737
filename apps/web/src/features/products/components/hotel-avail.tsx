import { type AvailabilityBulkBody, BOARD_LABELS, type BoardCode, type InventoryDayDto, MESSAGES } from '@travesia/contracts';
import { App, Button, Card, Col, Empty, Flex, Form, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useBulkAvailability } from '../api/bulk-availability';
import { useGetHotel } from '../api/get-hotel';
import { useHotelCalendar } from '../api/hotel-calendar';
import { useListHotels } from '../api/list-hotels';
import { BulkEditDrawer } from './capacity-calendar/bulk-edit-drawer';
import { MonthCalendar } from './capacity-calendar/month-calendar';
import { type BulkRangeValues, TRI_OPTIONS, type Tri } from './capacity-calendar/options';
import { useMonth } from './capacity-calendar/use-month';

interface BulkValues extends BulkRangeValues {
  allotment?: number | null;
  price1?: string | null;
  price2?: string | null;
  price3?: string | null;
  priceExtraAdult?: string | null;
  priceChild?: string | null;
  supplements?: Partial<Record<BoardCode, string | null>>;
  minNights?: number | null;
  stopSale: Tri;
  closedToArrival: Tri;
}

const given = <T,>(v: T | null | undefined) => (v === null || v === undefined || (v as unknown) === '' ? undefined : v);
const tri = (v: Tri) => (v === 'keep' ? undefined : v === 'yes');

/** /product/hotel/avail/: a month per room type with price and rooms per day, and the bulk edit drawer. */
export function HotelAvail() {
  const [params, setParams] = useSearchParams();
  const hotelId = params.get('hotel') ?? undefined;
  const hotels = useListHotels(1, '', 100);
  const hotel = useGetHotel(hotelId);
  const roomTypes = hotel.data?.roomTypes ?? [];
  const roomTypeId = params.get('room') ?? roomTypes[0]?._id;
  const { month, setMonth, from, to } = useMonth();
  const calendar = useHotelCalendar(roomTypeId, from, to);
  const [open, setOpen] = useState(false);
  const bulk = useBulkAvailability();
  const { message } = App.useApp();

  const byDay = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.day, d])), [calendar.data]);

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
      <Typography.Title level={1} style={{ marginTop: 0 }}>
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
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          testId="avail-calendar"
          extra={<Typography.Text type="secondary">Precio doble por noche ({hotel.data?.currency}) · cupo</Typography.Text>}
          renderDay={(date, key) => <DayCell key={key} date={date} info={byDay.get(key)} />}
        />
      )}
      <BulkEditDrawer<BulkValues>
        open={open}
        onClose={() => setOpen(false)}
        month={month}
        size="large"
        initialValues={{ stopSale: 'keep', closedToArrival: 'keep' }}
        onFinish={submit}
        pending={bulk.isPending}
      >
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
              <Select options={TRI_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Cerrado a la llegada" name="closedToArrival">
              <Select options={TRI_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
      </BulkEditDrawer>
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
        <div style={{ fontSize: 12, color: '#595959' }}>Sin cargar</div>
      )}
    </div>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { MESSAGES, type TicketSlotDto } from '@travesia/contracts';
import { App, Button, Card, Checkbox, DatePicker, Drawer, Empty, Flex, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useListTickets, useSetTicketCapacity, useTicketCapacity } from '../api/tickets';

export const WEEKDAYS = [
  { value: 1, label: 'Lun' },
  { value: 2, label: 'Mar' },
  { value: 3, label: 'Mié' },
  { value: 4, label: 'Jue' },
  { value: 5, label: 'Vie' },
  { value: 6, label: 'Sáb' },
  { value: 0, label: 'Dom' },
];
const ALL = '__all__';

interface BulkValues {
  range: [Dayjs, Dayjs];
  weekdays: number[];
  session: string;
  capacity?: number | null;
  stopSale: 'keep' | 'yes' | 'no';
}

/** /product/ticket/avail: capacity per day (and per session) of a ticket, with a bulk edit drawer. */
export function TicketAvail() {
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket') ?? undefined;
  const tickets = useListTickets(1, '', 100);
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const from = month.format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const capacity = useTicketCapacity(ticketId, from, to);
  const ticket = capacity.data?.ticket ?? tickets.data?.docs.find((t) => t._id === ticketId);
  const set = useSetTicketCapacity();
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();

  const byDay = useMemo(() => {
    const map = new Map<string, TicketSlotDto[]>();
    for (const s of capacity.data?.slots ?? []) map.set(s.day, [...(map.get(s.day) ?? []), s]);
    return map;
  }, [capacity.data]);
  const cells: { key: string; date: Dayjs | null }[] = [];
  for (let i = 0; i < (month.day() + 6) % 7; i++) cells.push({ key: `lead-${i}`, date: null });
  for (let d = 0; d < month.daysInMonth(); d++) {
    const date = month.add(d, 'day');
    cells.push({ key: date.format('YYYY-MM-DD'), date });
  }

  const submit = (v: BulkValues) => {
    if (!ticketId) return;
    set.mutate(
      {
        ticketId,
        from: v.range[0].format('YYYY-MM-DD'),
        to: v.range[1].format('YYYY-MM-DD'),
        weekdays: v.weekdays,
        ...(v.session !== ALL ? { session: v.session } : {}),
        ...(v.capacity !== null && v.capacity !== undefined ? { capacity: v.capacity } : {}),
        ...(v.stopSale !== 'keep' ? { stopSale: v.stopSale === 'yes' } : {}),
      },
      {
        onSuccess: (r) => {
          message.success(`${r.slots} cupos actualizados`);
          setOpen(false);
        },
        onError: (err) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']),
      },
    );
  };

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Capacidad de tickets
      </Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 300 }}
          placeholder="Selecciona un ticket"
          aria-label="Ticket"
          value={ticketId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(tickets.data?.docs ?? []).map((t) => ({ value: t._id, label: t.name }))}
          onChange={(v) => setParams(new URLSearchParams({ ticket: v }))}
        />
        <Button type="primary" disabled={!ticketId} onClick={() => setOpen(true)}>
          Edición masiva
        </Button>
      </Flex>
      {!ticketId ? (
        <Empty description="Selecciona un ticket" />
      ) : (
        <>
          <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
            <Button icon={<LeftOutlined />} aria-label="Mes anterior" onClick={() => setMonth(month.subtract(1, 'month'))} />
            <Typography.Text strong style={{ minWidth: 140, textAlign: 'center', textTransform: 'capitalize' }}>
              {month.format('MMMM YYYY')}
            </Typography.Text>
            <Button icon={<RightOutlined />} aria-label="Mes siguiente" onClick={() => setMonth(month.add(1, 'month'))} />
          </Flex>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
            {WEEKDAYS.map((w) => (
              <Typography.Text key={w.value} type="secondary" style={{ textAlign: 'center' }}>
                {w.label}
              </Typography.Text>
            ))}
            {cells.map((c) =>
              c.date ? (
                <div key={c.key} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 6, minHeight: 64, fontSize: 12 }}>
                  <Typography.Text strong>{c.date.date()}</Typography.Text>
                  {(byDay.get(c.key) ?? []).map((s) => (
                    <div key={s.session ?? 'day'}>
                      {s.session ?? 'Día'}: {s.capacity} {s.stopSale && <Tag color="red">Stop-sale</Tag>}
                    </div>
                  ))}
                </div>
              ) : (
                <div key={c.key} />
              ),
            )}
          </div>
        </>
      )}
      <Drawer title="Edición masiva" open={open} onClose={() => setOpen(false)} destroyOnHidden>
        <Form<BulkValues>
          layout="vertical"
          initialValues={{ weekdays: [0, 1, 2, 3, 4, 5, 6], session: ALL, stopSale: 'keep', range: [month, month.endOf('month')] }}
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
            <Checkbox.Group options={WEEKDAYS} />
          </Form.Item>
          <Form.Item label="Sesión" name="session">
            <Select options={[{ value: ALL, label: 'Todas' }, ...(ticket?.sessions ?? []).map((s) => ({ value: s, label: s }))]} />
          </Form.Item>
          <Form.Item label="Capacidad (personas)" name="capacity">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Cerrado a la venta (stop-sale)" name="stopSale">
            <Select
              options={[
                { value: 'keep', label: 'Sin cambio' },
                { value: 'yes', label: 'Sí' },
                { value: 'no', label: 'No' },
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={set.isPending}>
              Aplicar
            </Button>
            <Button onClick={() => setOpen(false)}>Cancelar</Button>
          </Space>
        </Form>
      </Drawer>
    </Card>
  );
}

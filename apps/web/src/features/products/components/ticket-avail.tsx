import { MESSAGES, type TicketSlotDto } from '@travesia/contracts';
import { App, Button, Card, Empty, Flex, Form, InputNumber, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useListTickets, useSetTicketCapacity, useTicketCapacity } from '../api/tickets';
import { BulkEditDrawer } from './capacity-calendar/bulk-edit-drawer';
import { MonthCalendar } from './capacity-calendar/month-calendar';
import { type BulkRangeValues, TRI_OPTIONS, type Tri } from './capacity-calendar/options';
import { useMonth } from './capacity-calendar/use-month';

const ALL = '__all__';

interface BulkValues extends BulkRangeValues {
  session: string;
  capacity?: number | null;
  stopSale: Tri;
}

/** /product/ticket/avail: capacity per day (and per session) of a ticket, with a bulk edit drawer. */
export function TicketAvail() {
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket') ?? undefined;
  const tickets = useListTickets(1, '', 100);
  const { month, setMonth, from, to } = useMonth();
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
      <Typography.Title level={1} style={{ marginTop: 0 }}>
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
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          renderDay={(date, key) => (
            <div key={key} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 6, minHeight: 64, fontSize: 12 }}>
              <Typography.Text strong>{date.date()}</Typography.Text>
              {(byDay.get(key) ?? []).map((s) => (
                <div key={s.session ?? 'day'}>
                  {s.session ?? 'Día'}: {s.capacity} {s.stopSale && <Tag color="red">Stop-sale</Tag>}
                </div>
              ))}
            </div>
          )}
        />
      )}
      <BulkEditDrawer<BulkValues>
        open={open}
        onClose={() => setOpen(false)}
        month={month}
        initialValues={{ session: ALL, stopSale: 'keep' }}
        onFinish={submit}
        pending={set.isPending}
      >
        <Form.Item label="Sesión" name="session">
          <Select options={[{ value: ALL, label: 'Todas' }, ...(ticket?.sessions ?? []).map((s) => ({ value: s, label: s }))]} />
        </Form.Item>
        <Form.Item label="Capacidad (personas)" name="capacity">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Cerrado a la venta (stop-sale)" name="stopSale">
          <Select options={TRI_OPTIONS} />
        </Form.Item>
      </BulkEditDrawer>
    </Card>
  );
}

import { MESSAGES, TRANSFER_MESSAGES, type TransferSlotDto } from '@travesia/contracts';
import { App, Button, Card, Empty, Flex, Form, InputNumber, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useListTransfers, useSetTransferCapacity, useTransferCapacity } from '../api/transfers';
import { BulkEditDrawer } from './capacity-calendar/bulk-edit-drawer';
import { MonthCalendar } from './capacity-calendar/month-calendar';
import { type BulkRangeValues, TRI_OPTIONS, type Tri } from './capacity-calendar/options';
import { useMonth } from './capacity-calendar/use-month';

interface BulkValues extends BulkRangeValues {
  capacity?: number | null;
  stopSale: Tri;
}

/**
 * /product/transfer/avail: capacity per day of a transfer (decision 0086) — vehicles for a private
 * transfer, seats for a shared one — with a bulk edit drawer over a date range and weekdays.
 */
export function TransferAvail() {
  const [params, setParams] = useSearchParams();
  const transferId = params.get('transfer') ?? undefined;
  const transfers = useListTransfers(1, '', 100);
  const { month, setMonth, from, to } = useMonth();
  const capacity = useTransferCapacity(transferId, from, to);
  const transfer = capacity.data?.transfer ?? transfers.data?.docs.find((t) => t._id === transferId);
  const unit = transfer?.type === 'shared' ? 'plazas' : 'vehículos';
  const set = useSetTransferCapacity();
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();

  const byDay = useMemo(() => new Map<string, TransferSlotDto>((capacity.data?.days ?? []).map((d) => [d.day, d])), [capacity.data]);

  const submit = (v: BulkValues) => {
    if (!transferId) return;
    set.mutate(
      {
        transferId,
        from: v.range[0].format('YYYY-MM-DD'),
        to: v.range[1].format('YYYY-MM-DD'),
        weekdays: v.weekdays,
        ...(v.capacity !== null && v.capacity !== undefined ? { capacity: v.capacity } : {}),
        ...(v.stopSale !== 'keep' ? { stopSale: v.stopSale === 'yes' } : {}),
      },
      {
        onSuccess: (r) => {
          message.success(`${r.days} días actualizados`);
          setOpen(false);
        },
        onError: (err) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']),
      },
    );
  };

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        Capacidad de traslados
      </Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 300 }}
          placeholder="Selecciona un traslado"
          aria-label="Traslado"
          value={transferId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(transfers.data?.docs ?? []).map((t) => ({ value: t._id, label: t.name }))}
          onChange={(v) => setParams(new URLSearchParams({ transfer: v }))}
        />
        <Button type="primary" disabled={!transferId} onClick={() => setOpen(true)}>
          Edición masiva
        </Button>
      </Flex>
      {transfer && (
        <Typography.Paragraph type="secondary">
          {transfer.type === 'shared'
            ? 'Traslado compartido: la capacidad son plazas por día; cada reserva ocupa una por pasajero.'
            : 'Traslado privado: la capacidad son vehículos por día; cada reserva ocupa uno.'}
        </Typography.Paragraph>
      )}
      {!transferId ? (
        <Empty description="Selecciona un traslado" />
      ) : (
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          testId="transfer-calendar"
          renderDay={(date, key) => {
            const slot = byDay.get(key);
            return (
              <div key={key} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 6, minHeight: 56, fontSize: 12 }}>
                <Typography.Text strong>{date.date()}</Typography.Text>
                {slot && (
                  <div>
                    {slot.capacity} {unit} {slot.stopSale && <Tag color="red">Stop-sale</Tag>}
                  </div>
                )}
              </div>
            );
          }}
        />
      )}
      <BulkEditDrawer<BulkValues>
        open={open}
        onClose={() => setOpen(false)}
        month={month}
        initialValues={{ stopSale: 'keep' }}
        onFinish={submit}
        pending={set.isPending}
      >
        <Form.Item
          label={transfer?.type === 'shared' ? 'Capacidad (plazas)' : 'Capacidad (vehículos)'}
          name="capacity"
          rules={[{ type: 'integer', min: 0, message: TRANSFER_MESSAGES.capacity }]}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Cerrado a la venta (stop-sale)" name="stopSale">
          <Select options={TRI_OPTIONS} />
        </Form.Item>
      </BulkEditDrawer>
    </Card>
  );
}

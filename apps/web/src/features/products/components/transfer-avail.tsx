import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { MESSAGES, TRANSFER_MESSAGES, type TransferSlotDto } from '@travesia/contracts';
import { App, Button, Card, Checkbox, DatePicker, Drawer, Empty, Flex, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useListTransfers, useSetTransferCapacity, useTransferCapacity } from '../api/transfers';
import { WEEKDAYS } from './ticket-avail';

interface BulkValues {
  range: [Dayjs, Dayjs];
  weekdays: number[];
  capacity?: number | null;
  stopSale: 'keep' | 'yes' | 'no';
}

/**
 * /product/transfer/avail: capacity per day of a transfer (decision 0086) — vehicles for a private
 * transfer, seats for a shared one — with a bulk edit drawer over a date range and weekdays.
 */
export function TransferAvail() {
  const [params, setParams] = useSearchParams();
  const transferId = params.get('transfer') ?? undefined;
  const transfers = useListTransfers(1, '', 100);
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const from = month.format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const capacity = useTransferCapacity(transferId, from, to);
  const transfer = capacity.data?.transfer ?? transfers.data?.docs.find((t) => t._id === transferId);
  const unit = transfer?.type === 'shared' ? 'plazas' : 'vehículos';
  const set = useSetTransferCapacity();
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();

  const byDay = useMemo(() => new Map<string, TransferSlotDto>((capacity.data?.days ?? []).map((d) => [d.day, d])), [capacity.data]);
  const cells: { key: string; date: Dayjs | null }[] = [];
  for (let i = 0; i < (month.day() + 6) % 7; i++) cells.push({ key: `lead-${i}`, date: null });
  for (let d = 0; d < month.daysInMonth(); d++) {
    const date = month.add(d, 'day');
    cells.push({ key: date.format('YYYY-MM-DD'), date });
  }

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
      <Typography.Title level={3} style={{ marginTop: 0 }}>
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
        <>
          <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
            <Button icon={<LeftOutlined />} aria-label="Mes anterior" onClick={() => setMonth(month.subtract(1, 'month'))} />
            <Typography.Text strong style={{ minWidth: 140, textAlign: 'center', textTransform: 'capitalize' }}>
              {month.format('MMMM YYYY')}
            </Typography.Text>
            <Button icon={<RightOutlined />} aria-label="Mes siguiente" onClick={() => setMonth(month.add(1, 'month'))} />
          </Flex>
          <div data-testid="transfer-calendar" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
            {WEEKDAYS.map((w) => (
              <Typography.Text key={w.value} type="secondary" style={{ textAlign: 'center' }}>
                {w.label}
              </Typography.Text>
            ))}
            {cells.map((c) => {
              const slot = c.date ? byDay.get(c.key) : undefined;
              return c.date ? (
                <div key={c.key} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 6, minHeight: 56, fontSize: 12 }}>
                  <Typography.Text strong>{c.date.date()}</Typography.Text>
                  {slot && (
                    <div>
                      {slot.capacity} {unit} {slot.stopSale && <Tag color="red">Stop-sale</Tag>}
                    </div>
                  )}
                </div>
              ) : (
                <div key={c.key} />
              );
            })}
          </div>
        </>
      )}
      <Drawer title="Edición masiva" open={open} onClose={() => setOpen(false)} destroyOnHidden>
        <Form<BulkValues>
          layout="vertical"
          initialValues={{ weekdays: [0, 1, 2, 3, 4, 5, 6], stopSale: 'keep', range: [month, month.endOf('month')] }}
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
          <Form.Item
            label={transfer?.type === 'shared' ? 'Capacidad (plazas)' : 'Capacidad (vehículos)'}
            name="capacity"
            rules={[{ type: 'integer', min: 0, message: TRANSFER_MESSAGES.capacity }]}
          >
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

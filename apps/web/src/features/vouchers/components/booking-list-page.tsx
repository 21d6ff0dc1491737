import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  localTimeZone,
  PRODUCT_KIND_LABELS,
  shortId,
  VOUCHER_CHANNEL_LABELS,
  VOUCHER_CHANNELS,
  VOUCHER_PROVIDER_LABELS,
  VOUCHER_PROVIDERS,
  VOUCHER_STATUS_LABELS,
  VOUCHER_STATUSES,
  VOUCHER_TYPES,
  type Voucher,
  type VoucherFilter,
} from '@travesia/contracts';
import type { PaginationProps } from 'antd';
import { Alert, App, Button, Card, DatePicker, Input, List, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePhone } from '../../../shared/components/use-phone';
import { useVouchers } from '../../../shared/vouchers/list-vouchers';
import { exportVouchers } from '../api/download';
import { BookingDialog } from './booking-dialog';
import { StatusTag } from './status-tag';

const FILTER_KEYS = ['q', 'status', 'provider', 'type', 'channel', 'from', 'to', 'deadlineWithin'] as const;
/** The integrator as shown: a storefront booking by its white label's name, never the raw `storefront:<slug>` (decision 0390). */
const integratorOf = (v: Voucher) =>
  v.channel.kind === 'storefront' ? v.channel.label : (VOUCHER_PROVIDER_LABELS[v.integrator] ?? v.integrator);
/** The deadline filter's choices: vouchers with a free-cancellation, payment or pre-reservation deadline within N days. */
const DEADLINE_WINDOWS = [1, 3, 7, 14, 30];

/** Spec §2 Bookings list: server-side text filter and filters, pagination (20), dialog and exports. */
export function BookingListPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Voucher | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const tz = localTimeZone();
  const phone = usePhone();

  const filter: VoucherFilter = useMemo(() => {
    const f: Record<string, string> = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f as VoucherFilter;
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get('limit')) || 20));
  const { data, isFetching, error } = useVouchers({ ...filter, page, limit });
  // Advisers, resellers and product loaders see no cost at all (decision 0140): no empty column either.
  const staffOnly = (data?.docs ?? []).every((v) => v.view === 'staff');

  const update = (patch: Record<string, string | undefined>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (resetPage) next.delete('page');
    setParams(next, { replace: true });
  };

  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportVouchers(filter, format);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setExporting(null);
    }
  };

  const columns: ColumnsType<Voucher> = [
    {
      title: 'Id',
      dataIndex: '_id',
      render: (id: string, v) => (
        <Tooltip title={v.externalBookingReference}>
          <Link to={`/booking/${id}/detail`}>{shortId(id)}</Link>
        </Tooltip>
      ),
    },
    { title: 'Canal', key: 'channel', render: (_, v) => v.channel.label },
    { title: 'Integrador', key: 'integrator', render: (_, v) => integratorOf(v) },
    {
      title: 'Producto',
      key: 'product',
      render: (_, v) => (
        <Space direction="vertical" size={0}>
          <span>{v.product.name}</span>
          <Typography.Text type="secondary">{PRODUCT_KIND_LABELS[v.type]}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Creada', dataIndex: 'createdAt', render: (x: string) => formatDateTime(x, tz) },
    { title: 'Inicio', dataIndex: 'start', render: (x: string | null) => formatDate(x) },
    {
      title: 'Estado',
      dataIndex: 'status',
      render: (s: Voucher['status'], v) =>
        s === 'needs-attention' ? (
          // Issue 14: the references a person needs to ask the supplier about this booking.
          <Space direction="vertical" size={0}>
            <StatusTag status={s} />
            <Typography.Text type="secondary" data-testid="needs-attention-refs">
              Ref.: {[v.externalBookingReference, ...v.supplierReferences].join(' · ')}
            </Typography.Text>
          </Space>
        ) : (
          <StatusTag status={s} />
        ),
    },
    { title: 'Proveedor', dataIndex: 'provider', render: (x: string) => VOUCHER_PROVIDER_LABELS[x] ?? x },
    { title: 'Localizador', key: 'locator', render: (_, v) => v.reservation.locator ?? '—' },
    { title: 'Usuario', key: 'user', render: (_, v) => v.user?.profile.name ?? '—' },
    { title: 'Cliente', key: 'client', render: (_, v) => [v.client.name, v.client.surname].filter(Boolean).join(' ') },
    {
      title: 'Costo',
      key: 'cost',
      align: 'right',
      // The supplier's cost for super, what the agency pays for its admin; staff have neither (decision 0140).
      render: (_, v) =>
        v.view === 'full' && v.cost
          ? formatMoney(v.cost.net, v.cost.currency)
          : v.view !== 'staff' && v.agencyCost
            ? formatMoney(v.agencyCost.amount, v.agencyCost.currency)
            : '—',
    },
    { title: 'Precio', key: 'price', align: 'right', render: (_, v) => formatMoney(v.price.gross, v.price.currency) },
    {
      title: '',
      key: 'actions',
      render: (_, v) => (
        <Space>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setDialog(v)} aria-label="Ver políticas y pagos" />
          <Link to={`/booking/${v._id}/voucher`}>Voucher</Link>
        </Space>
      ),
    },
  ];

  const pagination: PaginationProps = {
    current: page,
    pageSize: limit,
    total: data?.totalDocs ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => (data?.totalDocsCapped ? `Más de ${reservasText(total)}` : `${reservasText(total)}`),
    onChange: (p, size) => update({ page: String(p), limit: size === 20 ? undefined : String(size) }, false),
  };

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    filter.from || filter.to ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null] : null;

  return (
    <div style={{ padding: phone ? 0 : 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Reservas
        </Typography.Title>
        <Space>
          <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => onExport('csv')}>
            Exportar CSV
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => onExport('xlsx')}>
            Exportar Excel
          </Button>
        </Space>
      </Space>
      <Space wrap style={{ marginBottom: 16, width: '100%' }}>
        <Input.Search
          allowClear
          placeholder="Buscar por referencia, localizador, usuario, cliente, agencia, precio, pago o moneda"
          defaultValue={filter.q}
          maxLength={100}
          style={{ width: phone ? '100%' : 420 }}
          onSearch={(q) => update({ q: q.trim() || undefined })}
          aria-label="Buscar reservas"
        />
        <Select
          allowClear
          placeholder="Estado"
          aria-label="Estado"
          style={{ width: 220 }}
          value={filter.status}
          onChange={(v) => update({ status: v })}
          options={VOUCHER_STATUSES.map((s) => ({
            value: s,
            label: `${VOUCHER_STATUS_LABELS[s]}${s === 'confirmed-paid' ? ' (pagada)' : ''}`,
          }))}
        />
        <Select
          allowClear
          placeholder="Proveedor"
          aria-label="Proveedor"
          style={{ width: 150 }}
          value={filter.provider}
          onChange={(v) => update({ provider: v })}
          options={VOUCHER_PROVIDERS.map((p) => ({ value: p, label: VOUCHER_PROVIDER_LABELS[p] }))}
        />
        <Select
          placeholder="Canal"
          aria-label="Canal"
          style={{ width: 160 }}
          value={filter.channel ?? 'all'}
          onChange={(v: string) => update({ channel: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: 'Todos los canales' },
            ...VOUCHER_CHANNELS.map((c) => ({ value: c, label: VOUCHER_CHANNEL_LABELS[c] })),
          ]}
        />
        <Select
          allowClear
          placeholder="Producto"
          aria-label="Producto"
          style={{ width: 140 }}
          value={filter.type}
          onChange={(v) => update({ type: v })}
          options={VOUCHER_TYPES.map((p) => ({ value: p, label: PRODUCT_KIND_LABELS[p] }))}
        />
        <Select
          allowClear
          placeholder="Vencimiento"
          aria-label="Vencimiento"
          style={{ width: 200 }}
          value={filter.deadlineWithin ? Number(filter.deadlineWithin) : undefined}
          onChange={(v?: number) => update({ deadlineWithin: v ? String(v) : undefined })}
          options={DEADLINE_WINDOWS.map((d) => ({ value: d, label: d === 1 ? 'Vence en 1 día' : `Vence en ${d} días` }))}
        />
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          value={range}
          allowEmpty={[true, true]}
          onChange={(r) => update({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
          placeholder={['Creada desde', 'Creada hasta']}
          id={{ start: 'booking-created-from', end: 'booking-created-to' }}
        />
      </Space>
      {error && <Alert type="error" showIcon message={(error as Error).message} style={{ marginBottom: 16 }} />}
      {phone ? (
        <List<Voucher>
          rowKey="_id"
          loading={isFetching}
          dataSource={data?.docs ?? []}
          renderItem={(v) => <VoucherCard voucher={v} tz={tz} onDialog={() => setDialog(v)} />}
          pagination={{ ...pagination, size: 'small', showSizeChanger: false }}
        />
      ) : (
        <Table<Voucher>
          rowKey="_id"
          size="middle"
          loading={isFetching}
          columns={staffOnly ? columns.filter((c) => c.key !== 'cost') : columns}
          dataSource={data?.docs ?? []}
          scroll={{ x: 1300 }}
          pagination={pagination}
        />
      )}
      <BookingDialog voucher={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

/** "1 reserva", "20 reservas", "1.234 reservas". */
const reservasText = (n: number) => `${n.toLocaleString('es-CO')} ${n === 1 ? 'reserva' : 'reservas'}`;

/** A voucher as a card, for phones: reference, product, status, dates, client, price and the actions. */
function VoucherCard({ voucher: v, tz, onDialog }: { voucher: Voucher; tz: string; onDialog: () => void }) {
  return (
    <List.Item style={{ display: 'block', paddingInline: 0 }} data-testid="voucher-card">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Link to={`/booking/${v._id}/detail`}>Reserva {shortId(v._id)}</Link>
          <StatusTag status={v.status} />
        </Space>
        <Typography.Text strong style={{ display: 'block' }}>
          {v.product.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {PRODUCT_KIND_LABELS[v.type]} · {VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider} · {v.channel.label}
        </Typography.Text>
        <Typography.Text style={{ display: 'block' }}>
          Inicio {formatDate(v.start)} · creada {formatDateTime(v.createdAt, tz)}
        </Typography.Text>
        <Typography.Text style={{ display: 'block' }}>
          Cliente: {[v.client.name, v.client.surname].filter(Boolean).join(' ') || '—'}
        </Typography.Text>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 4 }} wrap>
          <Typography.Text strong>{formatMoney(v.price.gross, v.price.currency)}</Typography.Text>
          <Space>
            <Button size="small" icon={<EyeOutlined />} onClick={onDialog} aria-label="Ver políticas y pagos" />
            <Link to={`/booking/${v._id}/voucher`}>Voucher</Link>
          </Space>
        </Space>
      </Card>
    </List.Item>
  );
}

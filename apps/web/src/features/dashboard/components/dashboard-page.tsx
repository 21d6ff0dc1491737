import { MONTH_SHORT_LABELS, VOUCHER_CHANNEL_LABELS, VOUCHER_CHANNELS, type VoucherChannel } from '@travesia/contracts';
import { Col, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { usePhone } from '../../../shared/components/use-phone';
import { useAvailableMonths } from '../api/available-months';
import { useAvailableYears } from '../api/available-years';
import { DeadlinesCard } from './deadlines-card';
import { Indicators } from './indicators';
import { LastVouchersTable } from './last-vouchers-table';
import { NeedsAttentionAlert } from './needs-attention-alert';
import { SalesChart } from './sales-chart';
import { Shortcuts } from './shortcuts';
import { StatusDonut } from './status-donut';
import { WeatherCard } from './weather-card';

const now = new Date();

/** /dashboard (spec §2): month and year selectors from the server, sales chart, indicators, last vouchers, shortcuts, weather, status donut. */
export function DashboardPage() {
  const [channel, setChannel] = useState<VoucherChannel | undefined>(undefined);
  const years = useAvailableYears(channel);
  const [year, setYear] = useState<number | null>(null);
  const y = year ?? years.data?.years[0] ?? now.getFullYear();
  const months = useAvailableMonths(y, channel);
  const [month, setMonth] = useState<number | null>(null);
  const phone = usePhone();
  const available = months.data?.months ?? [];
  const m =
    month !== null && (available.length === 0 || available.includes(month))
      ? month
      : available.includes(now.getMonth() + 1)
        ? now.getMonth() + 1
        : (available.at(-1) ?? now.getMonth() + 1);

  return (
    <div style={{ padding: phone ? 0 : 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        <Space wrap>
          <Select
            aria-label="Canal"
            value={channel ?? 'all'}
            style={{ width: 170 }}
            onChange={(v: string) => setChannel(v === 'all' ? undefined : (v as VoucherChannel))}
            options={[
              { value: 'all', label: 'Todos los canales' },
              ...VOUCHER_CHANNELS.map((c) => ({ value: c, label: VOUCHER_CHANNEL_LABELS[c] })),
            ]}
          />
          <Select
            aria-label="Mes"
            value={m}
            style={{ width: 100 }}
            onChange={setMonth}
            options={(available.length ? available : [m]).map((x) => ({ value: x, label: MONTH_SHORT_LABELS[x - 1] }))}
          />
          <Select
            aria-label="Año"
            value={y}
            style={{ width: 110 }}
            onChange={(v) => {
              setYear(v);
              setMonth(null);
            }}
            options={(years.data?.years ?? [y]).map((x) => ({ value: x, label: String(x) }))}
          />
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <NeedsAttentionAlert />
        </Col>
        <Col span={24}>
          <Indicators channel={channel} />
        </Col>
        <Col xs={24} xl={16}>
          <SalesChart month={m} year={y} channel={channel} />
        </Col>
        <Col xs={24} xl={8}>
          <StatusDonut key={`${y}-${m}`} year={y} month={m} months={available} channel={channel} />
        </Col>
        <Col xs={24} xl={16}>
          <LastVouchersTable year={y} channel={channel} />
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <DeadlinesCard />
            <WeatherCard />
            <Shortcuts />
          </Space>
        </Col>
      </Row>
    </div>
  );
}

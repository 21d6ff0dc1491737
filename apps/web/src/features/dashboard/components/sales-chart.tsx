import { formatMoney, type VoucherChannel } from '@travesia/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMonthChart } from '../api/month-chart';
import { daysSoFar } from './chart-days';

/** Spec §2: daily paid (confirmed) amounts in USD for the selected month. */
export function SalesChart({ month, year, channel }: { month: number; year: number; channel?: VoucherChannel }) {
  const { data, isLoading } = useMonthChart(month, year, channel);
  // Chart coordinates are plain numbers; the amounts shown in the tooltip come from the exact strings.
  const points = daysSoFar(data?.data ?? [], year, month).map((d) => ({
    day: d.day,
    value: Number(d.totalAmount),
    label: d.totalAmount,
    count: d.count,
  }));
  return (
    <Card title="Ventas diarias (USD)" size="small">
      {isLoading ? (
        <Skeleton active />
      ) : !points.length ? (
        <Empty />
      ) : (
        <div style={{ width: '100%', height: 280 }} data-testid="sales-chart">
          <ResponsiveContainer>
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis width={80} tickFormatter={(v: number) => formatMoney(v, 'USD', { decimals: 0, hideCode: true })} />
              <Tooltip
                formatter={(_v, _n, item) => [formatMoney((item.payload as { label: string }).label, 'USD'), 'Ventas']}
                labelFormatter={(d) => `Día ${d}`}
              />
              <Line type="monotone" dataKey="value" stroke="#0b6e4f" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

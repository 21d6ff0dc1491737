import { MONTH_SHORT_LABELS, type VoucherChannel } from '@travesia/contracts';
import { Card, Empty, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useStatusChart } from '../api/status-chart';

const COLORS: Record<string, string> = { pending: '#faad14', cancelled: '#ff4d4f', approved: '#52c41a' };

/** Spec §2: donut of Pendientes, Canceladas and Aprobadas with its own month filter. */
export function StatusDonut({
  year,
  month: initialMonth,
  months,
  channel,
}: {
  year: number;
  month: number;
  months: number[];
  channel?: VoucherChannel;
}) {
  const [month, setMonth] = useState<number | null>(null);
  const m = month ?? initialMonth;
  const { data, isLoading } = useStatusChart(m, year, channel);
  const total = data?.data.reduce((n, d) => n + d.count, 0) ?? 0;
  return (
    <Card
      title="Estados"
      size="small"
      extra={
        <Select
          size="small"
          value={m}
          style={{ width: 90 }}
          onChange={setMonth}
          options={(months.length ? months : [m]).map((x) => ({ value: x, label: MONTH_SHORT_LABELS[x - 1] }))}
          aria-label="Mes del gráfico de estados"
        />
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : !total ? (
        <Empty description="Sin reservas en el mes" />
      ) : (
        <div style={{ width: '100%', height: 260 }} data-testid="status-donut">
          <ResponsiveContainer>
            <PieChart>
              <Pie data={data?.data} dataKey="count" nameKey="label" innerRadius={60} outerRadius={90} paddingAngle={2}>
                {data?.data.map((d) => (
                  <Cell key={d.key} fill={COLORS[d.key]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

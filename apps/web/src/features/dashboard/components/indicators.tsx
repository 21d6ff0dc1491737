import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatMoney, formatPercent, MONTH_SHORT_LABELS, type PeriodFigure, type VoucherChannel } from '@travesia/contracts';
import { Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { useYearlyReport } from '../api/yearly-report';

const MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

function Growth({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const up = value >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatPercent(Math.abs(value))}
    </Typography.Text>
  );
}

function Indicator({ title, figure }: { title: string; figure: PeriodFigure }) {
  return (
    <Card size="small" data-testid={`indicator-${title}`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <Typography.Title level={4} style={{ margin: '4px 0' }}>
        {formatMoney(figure.totalAmount, 'USD')}
      </Typography.Title>
      <Space split="·">
        <span>{`${figure.count} ${figure.count === 1 ? 'reserva' : 'reservas'}`}</span>
        <Growth value={figure.percentageChange} />
      </Space>
    </Card>
  );
}

/** Spec §2: Hoy, the current month, the quarter (Q1–Q4) and the year, each in USD with count and growth. */
export function Indicators({ channel }: { channel?: VoucherChannel }) {
  const { data, isLoading } = useYearlyReport(channel);
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const items: Array<[string, PeriodFigure]> = [
    ['Hoy', data.today],
    [MONTH_NAMES[data.month.month - 1] ?? MONTH_SHORT_LABELS[data.month.month - 1], data.month],
    [`Q${data.quarter.quarter}`, data.quarter],
    [String(data.year.year), data.year],
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map(([title, figure]) => (
        <Col key={title} xs={24} sm={12} xl={6}>
          <Indicator title={title} figure={figure} />
        </Col>
      ))}
    </Row>
  );
}

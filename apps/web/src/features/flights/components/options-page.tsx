import { formatMoney } from '@travesia/contracts';
import { Button, Card, Descriptions, Empty, Space, Table, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { PriceBreakdown } from '../../../shared/booking/display/price-breakdown';
import { flightState } from '../state';
import { BaggageLine, SegmentLine } from './itinerary';

const PAX = { adult: 'Adulto', child: 'Niño', infant: 'Infante' } as const;

/** /flight/santsg/options/{id?}/{type?}: the chosen itinerary with its fare per passenger, taxes, fee and the breakdown the role may see. */
export function FlightOptionsPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const selected = flightState.selected();
  if (!selected)
    return (
      <Card>
        <Empty description="Elige un vuelo de los resultados">
          <Link to="/search/flight/santsg">Buscar vuelos</Link>
        </Empty>
      </Card>
    );
  const { item, segments } = selected;
  return (
    <Card title="Detalle del vuelo">
      <Space direction="vertical" style={{ width: '100%' }}>
        {segments.map((s) => (
          <SegmentLine key={s.id} s={s} />
        ))}
        <BaggageLine item={item} />
        <Table
          size="small"
          pagination={false}
          rowKey="type"
          dataSource={item.fare.perPassenger}
          columns={[
            { title: 'Pasajero', dataIndex: 'type', render: (t: keyof typeof PAX) => PAX[t] },
            { title: 'Cantidad', dataIndex: 'count' },
            { title: 'Precio unitario', render: (_, r) => formatMoney(r.unitPrice.amount, r.unitPrice.currency) },
            { title: 'Total', render: (_, r) => formatMoney(r.total.amount, r.total.currency) },
          ]}
        />
        <Descriptions size="small" column={1}>
          {item.fare.taxes && (
            <Descriptions.Item label="Impuestos incluidos">
              {formatMoney(item.fare.taxes.amount, item.fare.taxes.currency)}
            </Descriptions.Item>
          )}
          {item.fare.serviceFee && (
            <Descriptions.Item label="Tarifa de servicio">
              {formatMoney(item.fare.serviceFee.amount, item.fare.serviceFee.currency)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Total">{formatMoney(item.price.amount, item.price.currency)}</Descriptions.Item>
        </Descriptions>
        <PriceBreakdown breakdown={item.breakdown} />
        <Typography.Paragraph type="secondary">
          Las reglas de la tarifa y la política de cancelación se confirman con la aerolínea al pre-reservar.
        </Typography.Paragraph>
        <Button type="primary" onClick={() => navigate(`/flight/reserve/santsg/${type ?? ''}`)}>
          Reservar
        </Button>
      </Space>
    </Card>
  );
}

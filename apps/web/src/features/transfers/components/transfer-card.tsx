import { formatMoney, type TransferOptionDto } from '@travesia/contracts';
import { Button, Card, Flex, Image, Space, Tag, Typography } from 'antd';
import { CancellationPolicy } from '../../../shared/booking/display/cancellation-policy';

const point = (p: TransferOptionDto['from']) => p.description ?? `${p.type} ${p.code}`;

/** One service of one leg: vehicle, private or shared, capacity, luggage, waiting, price, policy, supplier. */
export function TransferCard({ option: o, chosen, onChoose }: { option: TransferOptionDto; chosen: boolean; onChoose: () => void }) {
  return (
    <Card size="small" aria-label={`${o.vehicle} ${o.category} ${o.supplierName}`} style={chosen ? { borderColor: '#1677ff' } : undefined}>
      <Flex gap={16} wrap>
        {o.image && <Image src={o.image} alt={o.vehicle} width={120} height={80} style={{ objectFit: 'cover' }} fallback="" />}
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Space wrap>
            <Typography.Text strong>
              {o.vehicle} · {o.category}
            </Typography.Text>
            <Tag color={o.transferType === 'PRIVATE' ? 'blue' : 'green'}>{o.transferType === 'PRIVATE' ? 'Privado' : 'Compartido'}</Tag>
            <Tag>{o.supplierName}</Tag>
          </Space>
          <Typography.Text type="secondary">
            {point(o.from)} → {point(o.to)} · recogida {o.pickupDate} {o.pickupTime}
          </Typography.Text>
          <Typography.Text>
            De {o.capacity.min} a {o.capacity.max} pasajeros
            {o.luggage ? ` · Equipaje: ${o.luggage}` : ''}
            {o.waitingMinutes !== null ? ` · Espera: ${o.waitingMinutes} min` : ''}
          </Typography.Text>
          {o.checkPickup?.mustCheckPickupTime && (
            <Typography.Text type="warning">
              La hora de recogida debe confirmarse
              {o.checkPickup.hoursBeforeConsulting !== null ? ` ${o.checkPickup.hoursBeforeConsulting} horas antes` : ''}
              {o.checkPickup.url ? ` en ${o.checkPickup.url}` : ''}.
            </Typography.Text>
          )}
          <CancellationPolicy policy={o.cancellation} price={o.price} />
        </Flex>
        <Flex vertical align="end" gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {formatMoney(o.price.amount, o.price.currency)}
          </Typography.Title>
          <Typography.Text type="secondary">
            {o.priceBasis === 'person' ? 'precio por persona (total del grupo)' : 'precio por vehículo'}
          </Typography.Text>
          <Button type={chosen ? 'default' : 'primary'} onClick={onChoose} disabled={chosen}>
            {chosen ? 'Elegido' : 'Elegir'}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

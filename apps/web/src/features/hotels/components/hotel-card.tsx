import { EnvironmentOutlined } from '@ant-design/icons';
import { formatMoney, type HotelItem, type HotelOption, hotelCategoryLabel } from '@travesia/contracts';
import { Button, Card, Flex, List, Rate, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CancellationBadge } from '../../../shared/booking/display/cancellation-policy';
import { usePhone } from '../../../shared/components/use-phone';
import { bestRates, supplierOf } from '../best-rates';
import { perNightText } from '../per-night';
import { SUPPLIER_NAMES } from '../variants';
import { HotelPhoto } from './hotel-photo';

/**
 * A link to the hotel on OpenStreetMap (a new tab): no raw coordinates on screen; no map tiles are
 * reachable offline (docs/decisions/0101).
 */
export function MapPosition({ location }: { location: { lat: number; lng: number } }) {
  const lat = location.lat.toFixed(5);
  const lng = location.lng.toFixed(5);
  return (
    <a
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
      target="_blank"
      rel="noreferrer"
      aria-label="Ver en el mapa (OpenStreetMap, en una pestaña nueva)"
    >
      <EnvironmentOutlined aria-hidden /> Ver en el mapa
    </a>
  );
}

const FIRST_OPTIONS = 3;

export const roomsText = (o: Pick<HotelOption, 'rooms'>) =>
  o.rooms
    .map(
      (r) =>
        `${r.name} (${r.adults} ${r.adults === 1 ? 'adulto' : 'adultos'}${r.childrenAges.length ? `, ${r.childrenAges.length} niños` : ''})`,
    )
    .join(' + ');

/**
 * One property of the results (decision 0480: the same hotel sold by several suppliers is one card):
 * photo, stars, zone, map link, each supplier's best rate side by side, and every option with the
 * price the user sells at.
 */
export function HotelCard({ hotel, onOpen, nights }: { hotel: HotelItem; onOpen: (option: HotelOption) => void; nights?: number }) {
  const image = hotel.images?.[0];
  // The cheapest few first (the server sorts options by price); the rest on demand.
  const [all, setAll] = useState(false);
  const shown = all ? hotel.options : hotel.options.slice(0, FIRST_OPTIONS);
  const phone = usePhone();
  const rates = bestRates(hotel);
  const compared = rates.length > 1;
  return (
    <Card size="small" data-testid="hotel-card" data-suppliers={rates.length} style={{ marginBottom: 12 }}>
      <Flex gap={16} wrap>
        <HotelPhoto src={image} hotelName={hotel.name} width={160} height={110} />
        <div style={{ flex: 1, minWidth: phone ? '100%' : 260 }}>
          <Flex justify="space-between" wrap gap={8}>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {hotel.name}
              </Typography.Title>
              <Flex gap={8} align="center" wrap>
                {hotel.stars ? <Rate disabled count={5} value={hotel.stars} style={{ fontSize: 12 }} /> : null}
                {hotel.category && <Typography.Text type="secondary">{hotelCategoryLabel(hotel.category)}</Typography.Text>}
                {rates.map((r) => (
                  <Tag key={r.supplier}>{SUPPLIER_NAMES[r.supplier] ?? r.supplier}</Tag>
                ))}
              </Flex>
              {(hotel.zone || hotel.address) && (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {[hotel.address, hotel.zone].filter(Boolean).join(' · ')}
                </Typography.Text>
              )}
              {hotel.location && <MapPosition location={hotel.location} />}
            </div>
            <div style={{ textAlign: 'right' }}>
              <Typography.Text type="secondary">Desde</Typography.Text>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="hotel-min-price">
                {formatMoney(hotel.minPrice.amount, hotel.minPrice.currency)}
              </Typography.Title>
            </div>
          </Flex>
          {compared && <SupplierRates hotelName={hotel.name} rates={rates} onOpen={onOpen} nights={nights} />}
          {phone ? (
            <OptionCards options={shown} onOpen={onOpen} nights={nights} />
          ) : (
            <Table<HotelOption>
              size="small"
              style={{ marginTop: 8 }}
              rowKey="optionId"
              pagination={all && hotel.options.length > 10 ? { pageSize: 10, size: 'small' } : false}
              dataSource={shown}
              columns={[
                ...(compared
                  ? [{ title: 'Proveedor', key: 'supplier', render: (_: unknown, o: HotelOption) => supplierName(supplierOf(hotel, o)) }]
                  : []),
                { title: 'Habitaciones', render: (_, o) => roomsText(o) },
                { title: 'Régimen', render: (_, o) => o.board.label },
                {
                  title: 'Condiciones',
                  render: (_, o) => <OptionTags option={o} nights={nights} />,
                },
                { title: 'Precio', align: 'right', render: (_, o) => <OptionPrice option={o} nights={nights} /> },
                {
                  title: '',
                  align: 'right',
                  render: (_, o) => (
                    <Button size="small" type="primary" onClick={() => onOpen(o)}>
                      Ver opción
                    </Button>
                  ),
                },
              ]}
            />
          )}
          {hotel.options.length > FIRST_OPTIONS && (
            <Button type="link" size="small" onClick={() => setAll(!all)}>
              {all ? 'Ver menos opciones' : `Ver las ${hotel.options.length} opciones`}
            </Button>
          )}
        </div>
      </Flex>
    </Card>
  );
}

const supplierName = (s: string) => SUPPLIER_NAMES[s] ?? s;

/**
 * Each supplier's best rate of the property side by side (stacked on a phone): supplier, board, total
 * and per night, cancellation terms, and "Ver opción" to that supplier's option.
 */
function SupplierRates({
  hotelName,
  rates,
  onOpen,
  nights,
}: {
  hotelName: string;
  rates: { supplier: string; option: HotelOption }[];
  onOpen: (option: HotelOption) => void;
  nights?: number;
}) {
  return (
    <section aria-label={`Mejor tarifa de cada proveedor: ${hotelName}`} style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">Mejor tarifa de cada proveedor</Typography.Text>
      <Flex gap={8} wrap style={{ marginTop: 4 }}>
        {rates.map(({ supplier, option: o }) => (
          <Card key={supplier} size="small" data-testid="supplier-rate" data-supplier={supplier} style={{ flex: '1 1 180px', minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block' }}>
              {supplierName(supplier)}
            </Typography.Text>
            <Typography.Text style={{ display: 'block' }}>{o.board.label}</Typography.Text>
            <OptionTags option={o} nights={nights} />
            <Flex justify="space-between" align="end" gap={8} wrap style={{ marginTop: 6 }}>
              <OptionPrice option={o} nights={nights} strong />
              <Button size="small" type="primary" onClick={() => onOpen(o)} aria-label={`Ver opción de ${supplierName(supplier)}`}>
                Ver opción
              </Button>
            </Flex>
          </Card>
        ))}
      </Flex>
    </section>
  );
}

/** The option's conditions; the cancellation badge from the one terms function (docs/decisions/0380). */
function OptionTags({ option: o, nights }: { option: HotelOption; nights?: number }) {
  return (
    <Flex gap={4} wrap>
      <CancellationBadge policy={o.cancellation} price={o.price} nights={nights} />
      {o.availability === 'on-request' && <Tag color="orange">Bajo petición</Tag>}
      {o.payAtHotel && <Tag>Pago en el hotel</Tag>}
    </Flex>
  );
}

/** The option's total for the stay and, for several nights, what one night costs. */
function OptionPrice({ option: o, nights, strong }: { option: HotelOption; nights?: number; strong?: boolean }) {
  const each = perNightText(o.price, nights);
  return (
    <span data-testid="option-price">
      <Typography.Text strong={strong}>{formatMoney(o.price.amount, o.price.currency)}</Typography.Text>
      {each && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="option-per-night">
          {each}
        </Typography.Text>
      )}
    </span>
  );
}

/** On a phone the options are stacked cards: rooms and board, conditions, then price and "Ver opción". */
function OptionCards({ options, onOpen, nights }: { options: HotelOption[]; onOpen: (option: HotelOption) => void; nights?: number }) {
  return (
    <List
      size="small"
      style={{ marginTop: 8 }}
      dataSource={options}
      rowKey="optionId"
      renderItem={(o) => (
        <List.Item data-testid="hotel-option-card" style={{ display: 'block', paddingInline: 0 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            {roomsText(o)}
          </Typography.Text>
          <Typography.Text style={{ display: 'block' }}>
            {o.supplier ? `${o.board.label} · ${supplierName(o.supplier)}` : o.board.label}
          </Typography.Text>
          <OptionTags option={o} nights={nights} />
          <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 6 }}>
            <OptionPrice option={o} nights={nights} strong />
            <Button size="small" type="primary" onClick={() => onOpen(o)}>
              Ver opción
            </Button>
          </Flex>
        </List.Item>
      )}
    />
  );
}

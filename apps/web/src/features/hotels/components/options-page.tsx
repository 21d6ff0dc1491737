import { formatDate, formatMoney, hotelCategoryLabel } from '@travesia/contracts';
import { Button, Card, Col, Descriptions, Flex, Rate, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { checkoutKeyFor } from '../../../shared/booking/checkout/checkout-store';
import { CancellationPolicy, nightsBetween } from '../../../shared/booking/display/cancellation-policy';
import { PriceBreakdown } from '../../../shared/booking/display/price-breakdown';
import { PriceChangeAcceptance, quoteChanged } from '../../../shared/booking/quote/price-change';
import { PageHeader } from '../../../shared/components/page-header';
import { useQuoteOption } from '../api/quote-option';
import { loadCheckout, loadSelected, saveCheckout } from '../state';
import { reservePath, SUPPLIER_NAMES } from '../variants';
import { MapPosition, roomsText } from './hotel-card';
import { HotelPhoto } from './hotel-photo';
import { SearchAgainResult } from './search-again-result';

/**
 * `/hotels/options/<supplier>?cacheId&optionId`: re-prices the option with the supplier, shows rooms,
 * board, policy and price breakdown; a changed price or policy must be accepted before reserving.
 */
export function OptionsPage({ supplier }: { supplier: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cacheId = params.get('cacheId');
  const optionId = params.get('optionId');
  const ref = cacheId && optionId ? { cacheId, optionId } : null;
  const quote = useQuoteOption(ref);
  const selected = loadSelected();
  const hotel = selected && selected.cacheId === cacheId && selected.option.optionId === optionId ? selected.hotel : null;
  const [accepted, setAccepted] = useState(false);
  const title = `Opción ${SUPPLIER_NAMES[supplier] ?? supplier}`;

  if (!ref) {
    return <SearchAgainResult title="Elige una opción en los resultados de búsqueda" />;
  }
  if (quote.isPending) {
    return (
      <Card>
        <Typography.Text>Confirmando precio y disponibilidad con el proveedor…</Typography.Text>
        <Skeleton active />
      </Card>
    );
  }
  if (quote.isError) {
    return (
      <Result
        status="warning"
        title="No se pudo cotizar esta opción"
        subTitle={quote.error.message}
        extra={[
          <Button key="retry" onClick={() => quote.refetch()}>
            Reintentar
          </Button>,
          <Button key="back" type="primary" onClick={() => navigate(-1)}>
            Volver a los resultados
          </Button>,
        ]}
      />
    );
  }
  const q = quote.data;
  const changed = quoteChanged(q);

  const continueToReserve = () => {
    const idempotencyKey = checkoutKeyFor(loadCheckout(), q.quoteId);
    saveCheckout({ supplier, quote: q, hotel, idempotencyKey, acceptedAt: new Date().toISOString() });
    navigate(reservePath(supplier));
  };

  return (
    <div>
      <PageHeader title={title} subtitle={q.hotel.name} />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card>
            <Flex gap={16} wrap>
              {hotel?.images?.[0] && <HotelPhoto src={hotel.images[0]} hotelName={q.hotel.name} width={220} height={165} />}
              <div style={{ flex: 1 }}>
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {q.hotel.name}
                </Typography.Title>
                {hotel?.stars ? <Rate disabled value={hotel.stars} style={{ fontSize: 14 }} /> : null}
                {q.hotel.category && <Typography.Text type="secondary"> {hotelCategoryLabel(q.hotel.category)}</Typography.Text>}
                {hotel?.address && <Typography.Paragraph style={{ margin: 0 }}>{hotel.address}</Typography.Paragraph>}
                {hotel?.location && <MapPosition location={hotel.location} />}
                {hotel?.description && <Typography.Paragraph type="secondary">{hotel.description}</Typography.Paragraph>}
              </div>
            </Flex>
            <Descriptions
              style={{ marginTop: 16 }}
              size="small"
              column={1}
              bordered
              items={[
                { key: 'dates', label: 'Fechas', children: `${formatDate(q.checkIn)} a ${formatDate(q.checkOut)}` },
                { key: 'rooms', label: 'Habitaciones', children: roomsText(q) },
                { key: 'board', label: 'Régimen', children: q.board.label },
                {
                  key: 'availability',
                  label: 'Disponibilidad',
                  children: q.availability === 'available' ? <Tag color="green">Disponible</Tag> : <Tag color="orange">Bajo petición</Tag>,
                },
                {
                  key: 'policy',
                  label: 'Cancelación',
                  children: <CancellationPolicy policy={q.cancellation} price={q.price} nights={nightsBetween(q.checkIn, q.checkOut)} />,
                },
                ...(q.remarks.length
                  ? [{ key: 'remarks', label: 'Observaciones', children: q.remarks.map((r) => <div key={r}>{r}</div>) }]
                  : []),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Precio">
            <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="quote-price">
              {formatMoney(q.price.amount, q.price.currency)}
            </Typography.Title>
            <PriceBreakdown breakdown={q.breakdown} />
            {changed && (
              <PriceChangeAcceptance
                quote={{ ...q, nights: nightsBetween(q.checkIn, q.checkOut) }}
                accepted={accepted}
                onAccept={setAccepted}
              />
            )}
            <Button type="primary" block style={{ marginTop: 16 }} disabled={changed && !accepted} onClick={continueToReserve}>
              Continuar con la reserva
            </Button>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import { formatDate, formatMoney } from '@travesia/contracts';
import { Button, Card, Col, Descriptions, Flex, Image, List, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { checkoutKeyFor } from '../../../shared/booking/checkout/checkout-store';
import { CancellationPolicy } from '../../../shared/booking/display/cancellation-policy';
import { PriceBreakdown } from '../../../shared/booking/display/price-breakdown';
import { PriceChangeAcceptance, quoteChanged } from '../../../shared/booking/quote/price-change';
import { PageHeader } from '../../../shared/components/page-header';
import { useQuoteTicket } from '../api/quote-option';
import { loadSelected, reservePath, SUPPLIER_NAMES, ticketCheckout } from '../state';

const participantsText = (p: { adults: number; children: number[] }) =>
  `${p.adults} ${p.adults === 1 ? 'adulto' : 'adultos'}${p.children.length ? `, niños de ${p.children.join(', ')} años` : ''}`;

/**
 * `/tickets/options/<supplier>?cacheId&optionId`: the mandatory re-quote (Hotelbeds details, Juniper
 * booking rules, own calendar): sessions, guide languages, pickup points, age bands, the policy in plain
 * Spanish and what the traveller needs to know; a changed price or policy must be accepted.
 */
export function TicketOptionsPage({ supplier }: { supplier: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cacheId = params.get('cacheId');
  const optionId = params.get('optionId');
  const quote = useQuoteTicket(cacheId && optionId ? { cacheId, optionId } : null);
  const [accepted, setAccepted] = useState(false);
  const selected = loadSelected();
  const image = selected?.cacheId === cacheId && selected.option.optionId === optionId ? selected.option.image : null;

  if (!cacheId || !optionId) return <Result status="info" title="Elige una actividad en los resultados de búsqueda" />;
  if (quote.isPending)
    return (
      <Card>
        <Typography.Text>Confirmando precio y disponibilidad con el proveedor…</Typography.Text>
        <Skeleton active />
      </Card>
    );
  if (quote.isError)
    return (
      <Result
        status="warning"
        title="No se pudo cotizar esta actividad"
        subTitle={quote.error.message}
        extra={[
          <Button key="back" type="primary" onClick={() => navigate(-1)}>
            Volver a los resultados
          </Button>,
        ]}
      />
    );
  const q = quote.data;
  const changed = quoteChanged(q);
  const c = q.content;
  const meeting = c?.meetingPoint;
  const continueToReserve = () => {
    const idempotencyKey = checkoutKeyFor(ticketCheckout.load(), q.quoteId, 'tk');
    ticketCheckout.save({ supplier, quote: q, image, idempotencyKey, acceptedAt: new Date().toISOString() });
    navigate(reservePath(supplier));
  };

  return (
    <div>
      <PageHeader title={`Actividad ${SUPPLIER_NAMES[supplier] ?? supplier}`} subtitle={q.activity.name} />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card>
            <Flex gap={16} wrap>
              {image && <Image src={image} alt={q.activity.name} width={220} style={{ borderRadius: 6 }} />}
              <div style={{ flex: 1 }}>
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {q.activity.name}
                </Typography.Title>
                {q.modality.name !== q.activity.name && <Typography.Text type="secondary">{q.modality.name}</Typography.Text>}
                {c?.description && <Typography.Paragraph>{c.description}</Typography.Paragraph>}
              </div>
            </Flex>
            <Descriptions
              style={{ marginTop: 16 }}
              size="small"
              column={1}
              bordered
              items={[
                { key: 'date', label: 'Día', children: formatDate(q.date) },
                { key: 'pax', label: 'Participantes', children: participantsText(q.participants) },
                {
                  key: 'sessions',
                  label: 'Sesiones',
                  children: q.sessions.length
                    ? q.sessions.map((s) => (
                        <Tag key={s.code}>
                          {s.name}
                          {s.languages?.length
                            ? ` · ${s.languages.map((c) => q.languages.find((l) => l.code === c)?.name ?? c).join(', ')}`
                            : ''}
                        </Tag>
                      ))
                    : 'Sin horario fijo',
                },
                ...(q.languages.length
                  ? [{ key: 'lang', label: 'Idiomas del guía', children: q.languages.map((l) => <Tag key={l.code}>{l.name}</Tag>) }]
                  : []),
                ...(q.pickupPoints.length
                  ? [
                      {
                        key: 'pickup',
                        label: 'Puntos de recogida',
                        children: q.pickupPoints.map((p) => (
                          <div key={p.code}>{[p.name, p.time, p.address].filter(Boolean).join(' · ')}</div>
                        )),
                      },
                    ]
                  : []),
                ...(q.ageBands.length
                  ? [
                      {
                        key: 'bands',
                        label: 'Precio por edad (proveedor)',
                        children: q.ageBands.map((b) => (
                          <div key={b.paxType}>{`${b.ageFrom}–${b.ageTo} años: ${formatMoney(b.amount.amount, b.amount.currency)}`}</div>
                        )),
                      },
                    ]
                  : []),
                ...(meeting
                  ? [
                      {
                        key: 'meeting',
                        label: 'Punto de encuentro',
                        children: [meeting.description, meeting.address].filter(Boolean).join(' · '),
                      },
                    ]
                  : []),
                {
                  key: 'availability',
                  label: 'Disponibilidad',
                  children:
                    q.availability === 'available' ? (
                      <Tag color="green">Confirmación inmediata</Tag>
                    ) : (
                      <Tag color="orange">Bajo petición</Tag>
                    ),
                },
                { key: 'policy', label: 'Cancelación', children: <CancellationPolicy policy={q.cancellation} price={q.price} /> },
              ]}
            />
            {!!c?.inclusions.length && (
              <List size="small" header="Incluye" dataSource={c.inclusions} renderItem={(x) => <List.Item>{x}</List.Item>} />
            )}
            {!!c?.exclusions.length && (
              <List size="small" header="No incluye" dataSource={c.exclusions} renderItem={(x) => <List.Item>{x}</List.Item>} />
            )}
            {!!c?.importantInfo.length && (
              <List
                size="small"
                header="Información importante"
                dataSource={c.importantInfo}
                renderItem={(x) => <List.Item>{x}</List.Item>}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Precio">
            <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="quote-price">
              {formatMoney(q.price.amount, q.price.currency)}
            </Typography.Title>
            <PriceBreakdown breakdown={q.breakdown} />
            {changed && <PriceChangeAcceptance quote={q} accepted={accepted} onAccept={setAccepted} />}
            <Button type="primary" block style={{ marginTop: 16 }} disabled={changed && !accepted} onClick={continueToReserve}>
              Continuar con la reserva
            </Button>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

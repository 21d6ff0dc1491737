import type { StorefrontTicketSearchBody } from '@travesia/contracts';
import { formatMoney } from '@travesia/contracts';
import { Alert, Button, Card, Empty, Flex, Pagination, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTicketPage } from '../api/get-ticket-page';
import { useSearchTickets } from '../api/search-tickets';
import { dayOf } from '../components/checkout-parts';
import { childAgesOf } from '../state';

/** `/s/{slug}/tickets?destino&nombre&dia&adultos[&ninos]`: the shop's tickets and activities for the day, cheapest first. */
export function StorefrontTicketResultsPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const body = useMemo<StorefrontTicketSearchBody | null>(() => {
    const destination = params.get('destino');
    const date = params.get('dia');
    if (!destination || !date) return null;
    return {
      destination,
      countryCode: 'CO',
      date,
      paxes: { adults: Number(params.get('adultos') ?? 2), children: childAgesOf(params.get('ninos'), 17) },
    };
  }, [params]);
  const search = useSearchTickets(slug, body);
  // The page asked for, of the search shown (a new search starts on its first page).
  const [paging, setPaging] = useState<{ cacheId: string | null; page: number }>({ cacheId: null, page: 1 });
  const page = paging.cacheId === (search.data?.cacheId ?? null) ? paging.page : 1;
  const paged = useTicketPage(slug, search.data?.cacheId ?? null, page);
  const data = page > 1 ? paged.data : search.data;
  const place = params.get('nombre') ?? '';
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Tickets y actividades{place ? ` en ${place}` : ''}
      </Typography.Title>
      {!body && <Alert type="info" showIcon message="Elige destino y día en el buscador." />}
      {search.isLoading && <Spin tip="Buscando actividades…" fullscreen={false} />}
      {(search.error ?? paged.error) && <Alert type="error" showIcon message={(search.error ?? paged.error)?.message} />}
      {data && !data.items.length && <Empty description="No hay actividades disponibles para esta búsqueda" />}
      <Flex vertical gap={12}>
        {data?.items.map((o) => (
          <Card
            key={o.optionId}
            title={
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0, whiteSpace: 'normal' }}>
                {o.activity.name}
              </Typography.Title>
            }
          >
            {o.modality.name !== o.activity.name && <Typography.Paragraph>{o.modality.name}</Typography.Paragraph>}
            <Flex wrap gap={4} style={{ marginBottom: 8 }}>
              <Tag>{dayOf(o.date)}</Tag>
              {o.durationHours !== null && <Tag>{o.durationHours} h</Tag>}
              {o.sessions.length > 0 && <Tag>{o.sessions.map((s) => s.name).join(' · ')}</Tag>}
              {o.pickupIncluded && <Tag color="blue">Recogida incluida</Tag>}
              {o.freeCancellationUntil ? (
                <Tag color="green">Cancelación gratis hasta {dayOf(o.freeCancellationUntil)}</Tag>
              ) : (
                <Tag>{o.cancellation.refundable ? 'Reembolsable' : 'No reembolsable'}</Tag>
              )}
            </Flex>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <div>
                <strong>{formatMoney(o.price.amount, o.price.currency)}</strong>{' '}
                <Typography.Text type="secondary">
                  (desde {formatMoney(o.pricePerAdult.amount, o.pricePerAdult.currency)} por adulto)
                </Typography.Text>
              </div>
              <Link
                to={`/s/${slug}/tickets/reservar?cache=${encodeURIComponent(search.data?.cacheId ?? '')}&opcion=${encodeURIComponent(o.optionId)}`}
              >
                <Button type="primary" aria-label={`Reservar ${o.activity.name}`}>
                  Reservar
                </Button>
              </Link>
            </Flex>
          </Card>
        ))}
      </Flex>
      {data && data.totalPages > 1 && (
        <Pagination
          style={{ marginTop: 16 }}
          simple
          current={page}
          total={data.itemsFound}
          pageSize={data.limit}
          showSizeChanger={false}
          onChange={(n) => {
            setPaging({ cacheId: search.data?.cacheId ?? null, page: n });
            window.scrollTo(0, 0);
          }}
        />
      )}
    </main>
  );
}

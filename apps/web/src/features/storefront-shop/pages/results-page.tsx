import type { StorefrontHotelSearchBody } from '@travesia/contracts';
import { formatMoney } from '@travesia/contracts';
import { Alert, Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSearchHotels } from '../api/search-hotels';
import { childAgesOf } from '../state';

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/** `/s/{slug}/hoteles?destino&entrada&salida&adultos[&ninos]`: the shop's hotels (one room), cheapest first. */
export function StorefrontResultsPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const body = useMemo<StorefrontHotelSearchBody | null>(() => {
    const destination = params.get('destino');
    const start = params.get('entrada');
    const end = params.get('salida');
    if (!destination || !start || !end) return null;
    const children = childAgesOf(params.get('ninos'), 17).slice(0, 4);
    return { destination, countryCode: 'CO', start, end, paxes: [{ adults: Number(params.get('adultos') ?? 2), children }] };
  }, [params]);
  const search = useSearchHotels(slug, body);
  const place = params.get('nombre') ?? '';
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Hoteles{place ? ` en ${place}` : ''}
      </Typography.Title>
      {!body && <Alert type="info" showIcon message="Elige destino y fechas en el buscador." />}
      {search.isLoading && <Spin tip="Buscando hoteles…" fullscreen={false} />}
      {search.error && <Alert type="error" showIcon message={search.error.message} />}
      {search.data && !search.data.items.length && <Empty description="No hay hoteles disponibles para esta búsqueda" />}
      <Flex vertical gap={12}>
        {search.data?.items.map((h) => (
          <Card
            key={h.code}
            title={
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {h.name}
              </Typography.Title>
            }
          >
            {h.zone && <Typography.Paragraph type="secondary">{h.zone}</Typography.Paragraph>}
            <Flex vertical gap={8}>
              {h.options.slice(0, 3).map((o) => (
                <Flex key={o.optionId} justify="space-between" align="center" wrap gap={8}>
                  <div>
                    <div>
                      {o.rooms.map((r) => r.name).join(' + ')} · {o.board.label}
                    </div>
                    {o.freeCancellationUntil ? (
                      <Tag color="green">Cancelación gratis hasta {day(o.freeCancellationUntil)}</Tag>
                    ) : (
                      <Tag>{o.refundable ? 'Reembolsable' : 'No reembolsable'}</Tag>
                    )}
                  </div>
                  <Flex align="center" gap={8}>
                    <strong>{formatMoney(o.price.amount, o.price.currency)}</strong>
                    <Link
                      to={`/s/${slug}/hoteles/reservar?cache=${encodeURIComponent(search.data?.cacheId ?? '')}&opcion=${encodeURIComponent(o.optionId)}`}
                    >
                      <Button type="primary">Reservar</Button>
                    </Link>
                  </Flex>
                </Flex>
              ))}
            </Flex>
          </Card>
        ))}
      </Flex>
    </main>
  );
}

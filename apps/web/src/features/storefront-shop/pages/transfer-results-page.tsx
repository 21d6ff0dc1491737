import type { StorefrontTransferSearchBody } from '@travesia/contracts';
import { formatMoney } from '@travesia/contracts';
import { Alert, Button, Card, Empty, Flex, Pagination, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTransferPage } from '../api/get-transfer-page';
import { useSearchTransfers } from '../api/search-transfers';
import { dayOf } from '../components/checkout-parts';
import { childAgesOf } from '../state';

/**
 * `/s/{slug}/traslados?desde&hasta&fecha&hora[&regreso&horaRegreso]&adultos[&ninos]`: the shop's transfers, one card per
 * vehicle (a round trip's outbound and return as one price), cheapest first.
 */
export function StorefrontTransferResultsPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const body = useMemo<StorefrontTransferSearchBody | null>(() => {
    const [from, to, date, time] = ['desde', 'hasta', 'fecha', 'hora'].map((k) => params.get(k));
    if (!from || !to || !date || !time) return null;
    const back = params.get('regreso');
    const backTime = params.get('horaRegreso');
    return {
      from,
      to,
      outbound: { date, time },
      ...(back && backTime ? { return: { date: back, time: backTime } } : {}),
      adults: Number(params.get('adultos') ?? 2),
      childrenAges: childAgesOf(params.get('ninos'), 12),
    };
  }, [params]);
  const search = useSearchTransfers(slug, body);
  // The page asked for, of the search shown (a new search starts on its first page).
  const [paging, setPaging] = useState<{ cacheId: string | null; page: number }>({ cacheId: null, page: 1 });
  const page = paging.cacheId === (search.data?.cacheId ?? null) ? paging.page : 1;
  const paged = useTransferPage(slug, search.data?.cacheId ?? null, page);
  const data = page > 1 ? paged.data : search.data;
  const route = [params.get('desdeNombre'), params.get('hastaNombre')].filter(Boolean).join(' → ');
  const cacheId = search.data?.cacheId ?? '';
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Traslados{route ? `: ${route}` : ''}
      </Typography.Title>
      {!body && <Alert type="info" showIcon message="Elige origen, destino, fecha y hora en el buscador." />}
      {search.isLoading && <Spin tip="Buscando traslados…" fullscreen={false} />}
      {(search.error ?? paged.error) && <Alert type="error" showIcon message={(search.error ?? paged.error)?.message} />}
      {data && !data.items.length && <Empty description="No hay traslados disponibles para esta búsqueda" />}
      <Flex vertical gap={12}>
        {data?.items.map((o) => {
          const q = new URLSearchParams({ cache: cacheId, opcion: o.optionId, ...(o.returnOptionId ? { regreso: o.returnOptionId } : {}) });
          return (
            <Card
              key={`${o.optionId}-${o.returnOptionId ?? ''}`}
              title={
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0, whiteSpace: 'normal' }}>
                  {o.vehicle} · {o.transferType === 'PRIVATE' ? 'Privado' : 'Compartido'}
                </Typography.Title>
              }
            >
              {o.legs.map((l) => (
                <p key={l.direction} style={{ margin: '0 0 4px' }}>
                  <strong>{l.direction === 'outbound' ? 'Ida' : 'Regreso'}:</strong> {l.from} → {l.to}, {dayOf(l.pickupDate)}
                  {l.checkPickup ? ' (hora de recogida por confirmar)' : ` a las ${l.pickupTime}`}
                </p>
              ))}
              <Flex wrap gap={4} style={{ margin: '8px 0' }}>
                <Tag>Hasta {o.capacity.max} pasajeros</Tag>
                {o.luggage && <Tag>{o.luggage}</Tag>}
                {o.waitingMinutes !== null && <Tag>Espera {o.waitingMinutes} min</Tag>}
                {o.freeCancellationUntil ? (
                  <Tag color="green">Cancelación gratis hasta {dayOf(o.freeCancellationUntil)}</Tag>
                ) : (
                  <Tag>{o.cancellation.refundable ? 'Reembolsable' : 'No reembolsable'}</Tag>
                )}
              </Flex>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <strong>{formatMoney(o.price.amount, o.price.currency)}</strong>
                <Link to={`/s/${slug}/traslados/reservar?${q}`}>
                  <Button type="primary" aria-label={`Reservar ${o.vehicle} ${o.transferType === 'PRIVATE' ? 'privado' : 'compartido'}`}>
                    Reservar
                  </Button>
                </Link>
              </Flex>
            </Card>
          );
        })}
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

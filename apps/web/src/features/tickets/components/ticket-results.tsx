import { formatMoney, type TicketOption } from '@travesia/contracts';
import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Image, InputNumber, Pagination, Row, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { StreamState } from '../../../shared/booking/stream/stream-state';
import { type TicketPageQuery, useTicketSearchPage } from '../api/get-search-page';
import { SUPPLIER_NAMES } from '../state';

const SORTS: { value: TicketPageQuery['sort']; label: string }[] = [
  { value: 'price', label: 'Precio: menor primero' },
  { value: '-price', label: 'Precio: mayor primero' },
  { value: 'name', label: 'Nombre' },
  { value: 'duration', label: 'Duración: más corta primero' },
];
const TIMES = [
  { value: 'morning', label: 'Mañana' },
  { value: 'afternoon', label: 'Tarde' },
  { value: 'evening', label: 'Noche' },
];
const PAGE_SIZE = 20;
const list = (xs: string[]) => (xs.length ? xs.join(',') : undefined);
const hoursText = (h: number) => (h < 1 ? `${Math.round(h * 60)} min` : `${Number.isInteger(h) ? h : h.toFixed(1)} h`);

/** Filters, sorting and paging of the merged cache of a streamed ticket search (all server-side). */
export function TicketResults({ stream, onOpen }: { stream: StreamState; onOpen: (o: TicketOption, cacheId: string) => void }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TicketPageQuery['sort']>('price');
  const [suppliers, setSuppliers] = useState<string[]>([]);
  const [languages, setLanguages] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [times, setTimes] = useState<string[]>([]);
  const [free, setFree] = useState(false);
  const [maxHours, setMaxHours] = useState<number | null>(null);
  const [maxPrice, setMaxPrice] = useState<number | null>(null);
  const cacheId = stream.mergedCacheId;
  const query: TicketPageQuery = {
    page,
    limit: PAGE_SIZE,
    sort,
    supplier: list(suppliers),
    language: list(languages),
    category: list(categories),
    timeOfDay: list(times),
    freeCancellation: free ? 'true' : undefined,
    maxHours: maxHours ?? undefined,
    maxPrice: maxPrice === null ? undefined : String(maxPrice),
  };
  const result = useTicketSearchPage(cacheId, query);
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  if (!cacheId) return stream.status === 'searching' ? <Spin /> : null;
  if (result.isError) return <Alert type="warning" showIcon message={result.error.message} />;
  const data = result.data;
  const facets = data?.facets;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title="Filtros" size="small">
          <Flex vertical gap={12}>
            <Select aria-label="Ordenar" value={sort} options={SORTS} onChange={refilter(setSort)} />
            <Select
              mode="multiple"
              aria-label="Proveedor"
              placeholder="Proveedor"
              value={suppliers}
              onChange={refilter(setSuppliers)}
              options={(facets?.suppliers ?? []).map((s) => ({ value: s, label: SUPPLIER_NAMES[s] ?? s }))}
            />
            {!!facets?.categories.length && (
              <Select
                mode="multiple"
                aria-label="Categoría"
                placeholder="Categoría"
                value={categories}
                onChange={refilter(setCategories)}
                options={facets.categories.map((c) => ({ value: c.name, label: `${c.name} (${c.count})` }))}
              />
            )}
            {!!facets?.languages.length && (
              <Select
                mode="multiple"
                aria-label="Idioma"
                placeholder="Idioma del guía"
                value={languages}
                onChange={refilter(setLanguages)}
                options={facets.languages.map((l) => ({ value: l.code, label: l.name }))}
              />
            )}
            <Select
              mode="multiple"
              aria-label="Franja horaria"
              placeholder="Franja horaria"
              value={times}
              onChange={refilter(setTimes)}
              options={TIMES}
            />
            <InputNumber
              aria-label="Duración máxima (horas)"
              placeholder="Duración máxima (horas)"
              min={0}
              value={maxHours}
              onChange={refilter(setMaxHours)}
              style={{ width: '100%' }}
            />
            <InputNumber
              aria-label="Precio máximo"
              placeholder={facets?.priceRange ? `Precio máximo (${facets.priceRange.currency})` : 'Precio máximo'}
              min={0}
              value={maxPrice}
              onChange={refilter(setMaxPrice)}
              style={{ width: '100%' }}
            />
            <Checkbox checked={free} onChange={(e) => refilter(setFree)(e.target.checked)}>
              Cancelación gratuita
            </Checkbox>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        {data?.notes.map((n) => (
          <Alert key={n} type="info" showIcon message={n} style={{ marginBottom: 8 }} />
        ))}
        {!data ? (
          <Spin />
        ) : data.items.length === 0 ? (
          <Empty description="No hay actividades con estos criterios" />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{data.itemsFound} actividades</Typography.Text>
            {data.items.map((o) => (
              <TicketCard key={o.optionId} option={o} onOpen={() => onOpen(o, cacheId)} />
            ))}
            <Pagination current={page} pageSize={PAGE_SIZE} total={data.itemsFound} onChange={setPage} showSizeChanger={false} />
          </Flex>
        )}
      </Col>
    </Row>
  );
}

/** One activity: photo, name, duration, "desde" price per adult, free-cancellation badge, supplier. */
function TicketCard({ option: o, onOpen }: { option: TicketOption; onOpen: () => void }) {
  return (
    <Card size="small" data-testid="ticket-card">
      <Flex gap={16} wrap>
        {o.image ? (
          <Image src={o.image} alt={o.activity.name} width={160} height={110} style={{ objectFit: 'cover', borderRadius: 6 }} />
        ) : null}
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {o.activity.name}
          </Typography.Title>
          {o.modality.name !== o.activity.name && <Typography.Text type="secondary">{o.modality.name}</Typography.Text>}
          <Flex gap={4} wrap>
            <Tag>{SUPPLIER_NAMES[o.supplier] ?? o.supplier}</Tag>
            {o.category && <Tag>{o.category}</Tag>}
            {o.durationHours !== null && <Tag>{hoursText(o.durationHours)}</Tag>}
            {o.freeCancellation && <Tag color="green">Cancelación gratuita</Tag>}
            {o.pickupIncluded && <Tag color="blue">Recogida incluida</Tag>}
            <Tag color={o.availability === 'available' ? 'green' : 'orange'}>
              {o.availability === 'available' ? 'Confirmación inmediata' : 'Bajo petición'}
            </Tag>
            {o.languages.map((l) => (
              <Tag key={l.code}>{l.name}</Tag>
            ))}
          </Flex>
          {o.sessions.length > 0 && (
            <Typography.Text type="secondary">Sesiones: {o.sessions.map((s) => s.name).join(', ')}</Typography.Text>
          )}
        </Flex>
        <Flex vertical align="end" justify="space-between">
          <div style={{ textAlign: 'right' }}>
            <Typography.Text type="secondary">desde</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {formatMoney(o.pricePerAdult.amount, o.pricePerAdult.currency)}
            </Typography.Title>
            <Typography.Text type="secondary">por adulto · total {formatMoney(o.price.amount, o.price.currency)}</Typography.Text>
          </div>
          <Button type="primary" onClick={onOpen}>
            Ver opciones
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

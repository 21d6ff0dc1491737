import { type HotelItem, type HotelOption, hotelCategoryOptions } from '@travesia/contracts';
import { Alert, Card, Checkbox, Col, Empty, Flex, Input, InputNumber, Pagination, Row, Segmented, Select, Spin, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { StreamState } from '../../../shared/booking/stream/stream-state';
import { useDebounced } from '../../../shared/use-debounced';
import { type SearchPageQuery, useSearchPage } from '../api/get-search-page';
import { SUPPLIER_NAMES } from '../variants';
import { HotelCard } from './hotel-card';

const STAR_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n}★` }));
/** Boards every supplier maps to (server boards.ts); the merged cache's facets replace them when present. */
const DEFAULT_BOARDS = [
  { code: 'RO', label: 'Solo alojamiento' },
  { code: 'BB', label: 'Alojamiento y desayuno' },
  { code: 'HB', label: 'Media pensión' },
  { code: 'FB', label: 'Pensión completa' },
  { code: 'AI', label: 'Todo incluido' },
];
const SORTS: { value: SearchPageQuery['sort']; label: string }[] = [
  { value: 'price', label: 'Precio: menor primero' },
  { value: '-price', label: 'Precio: mayor primero' },
  { value: 'name', label: 'Nombre' },
  { value: '-category', label: 'Estrellas: más primero' },
  { value: 'category', label: 'Estrellas: menos primero' },
];
const PAGE_SIZE = 20;
/** Leaflet is loaded only when the map is chosen (the list is the main view). */
const ResultsMap = lazy(() => import('./results-map'));

interface Filters {
  sort: SearchPageQuery['sort'];
  stars: string[];
  boards: string[];
  refundable: 'all' | 'true' | 'false';
  minPrice: number | null;
  maxPrice: number | null;
  q: string;
  /** Category filter option values: each the comma-joined supplier codes of one Spanish label. */
  categories: string[];
  /** Merged cache: the suppliers to keep. */
  suppliers: string[];
  /** Per-supplier caches (a server without the merged cache): the account whose cache is shown. */
  account: string | null;
}
const NO_FILTERS: Filters = {
  sort: 'price',
  stars: [],
  boards: [],
  refundable: 'all',
  minPrice: null,
  maxPrice: null,
  q: '',
  categories: [],
  suppliers: [],
  account: null,
};

const decimal = (n: number | null) => (n === null || n === undefined ? undefined : String(Math.round(n * 100) / 100));

/**
 * Sorting, filters and paging of a finished (or finishing) streamed search, all server-side on the
 * cache: the merged cache when the server gives one, else the cache of the supplier chosen in the
 * supplier filter (first to answer by default).
 */
export function ResultsPanel({
  stream,
  onOpen,
  nights,
}: {
  stream: StreamState;
  onOpen: (hotel: HotelItem, option: HotelOption, cacheId: string) => void;
  /** Nights of the searched stay, for cancellation rules charged in nights. */
  nights?: number;
}) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [page, setPage] = useState(1);
  const q = useDebounced(filters.q.trim(), 300);
  const answered = stream.suppliers.flatMap((s) => (s.state === 'done' ? [s] : []));
  const merged = stream.mergedCacheId;
  const chosen = merged ? null : (answered.find((s) => s.accountId === filters.account) ?? answered[0] ?? null);
  const cacheId = merged ?? chosen?.cacheId ?? null;

  // A new search starts over from the first page with no filters.
  const startedAt = stream.startedAt;
  useEffect(() => {
    if (startedAt !== undefined) {
      setFilters(NO_FILTERS);
      setPage(1);
    }
  }, [startedAt]);

  const query: SearchPageQuery = {
    page,
    limit: PAGE_SIZE,
    sort: filters.sort,
    stars: filters.stars.length ? [...filters.stars].sort().join(',') : undefined,
    board: filters.boards.length ? filters.boards.join(',') : undefined,
    refundable: filters.refundable === 'all' ? undefined : filters.refundable,
    minPrice: decimal(filters.minPrice),
    maxPrice: decimal(filters.maxPrice),
    q: q || undefined,
    category: merged && filters.categories.length ? filters.categories.join(',') : undefined,
    supplier: merged && filters.suppliers.length ? filters.suppliers.join(',') : undefined,
  };
  const result = useSearchPage(cacheId, query);
  const data = result.data;
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const boards = data?.facets?.boards?.length ? data.facets.boards : DEFAULT_BOARDS;
  const stars = data?.facets?.stars.length ? STAR_OPTIONS.filter((o) => data.facets?.stars.includes(Number(o.value))) : STAR_OPTIONS;

  if (!cacheId) return stream.status === 'searching' ? <Spin tip="Buscando hoteles…" style={{ display: 'block', margin: 24 }} /> : null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card size="small" title="Filtros" aria-label="Filtros">
          <Flex vertical gap={12}>
            <Input.Search
              placeholder="Nombre del hotel"
              aria-label="Nombre del hotel"
              allowClear
              value={filters.q}
              onChange={(e) => set({ q: e.target.value })}
            />
            <FilterSection title="Proveedor">
              {merged ? (
                <MultiSelectFilter
                  label="Proveedor"
                  placeholder="Todos"
                  value={filters.suppliers}
                  options={(data?.facets?.suppliers ?? []).map((s) => ({ value: s, label: SUPPLIER_NAMES[s] ?? s }))}
                  onChange={(v) => set({ suppliers: v })}
                />
              ) : (
                <Select
                  style={{ width: '100%' }}
                  aria-label="Proveedor"
                  value={chosen?.accountId ?? null}
                  options={answered.map((s) => ({ value: s.accountId, label: `${s.name} (${s.itemsFound})` }))}
                  onChange={(v) => set({ account: v })}
                />
              )}
            </FilterSection>
            <FilterSection title="Estrellas">
              <Checkbox.Group options={stars} value={filters.stars} onChange={(v) => set({ stars: v as string[] })} />
            </FilterSection>
            {/* The merged cache filters by the categories its hotels carry (the suppliers' own codes), shown in Spanish. */}
            {merged && Boolean(data?.facets?.categories.length) && (
              <FilterSection title="Categoría">
                <MultiSelectFilter
                  label="Categoría"
                  placeholder="Todas"
                  value={filters.categories}
                  options={hotelCategoryOptions(data?.facets?.categories ?? [])}
                  onChange={(v) => set({ categories: v })}
                />
              </FilterSection>
            )}
            <FilterSection title="Régimen">
              <Checkbox.Group
                style={{ display: 'flex', flexDirection: 'column' }}
                options={boards.map((b) => ({ value: b.code, label: b.label }))}
                value={filters.boards}
                onChange={(v) => set({ boards: v as string[] })}
              />
            </FilterSection>
            <FilterSection title="Cancelación">
              <Segmented
                block
                value={filters.refundable}
                onChange={(v) => set({ refundable: v as Filters['refundable'] })}
                options={[
                  { value: 'all', label: 'Todas' },
                  { value: 'true', label: 'Reembolsable' },
                  { value: 'false', label: 'No reemb.' },
                ]}
              />
            </FilterSection>
            <FilterSection title={`Precio${data?.lowestPrice ? ` (${data.lowestPrice.currency})` : ''}`}>
              <Flex gap={8}>
                <InputNumber
                  min={0}
                  placeholder={data?.facets?.priceRange?.min ?? data?.lowestPrice?.amount ?? 'Mín.'}
                  aria-label="Precio mínimo"
                  value={filters.minPrice}
                  onChange={(v) => set({ minPrice: v })}
                />
                <InputNumber
                  min={0}
                  placeholder={data?.facets?.priceRange?.max ?? data?.highestPrice?.amount ?? 'Máx.'}
                  aria-label="Precio máximo"
                  value={filters.maxPrice}
                  onChange={(v) => set({ maxPrice: v })}
                />
              </Flex>
            </FilterSection>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text data-testid="results-count">
            {data ? `${data.itemsFound} ${data.itemsFound === 1 ? 'hotel' : 'hoteles'}` : ''}
          </Typography.Text>
          <Flex gap={8} wrap>
            <Segmented
              aria-label="Vista de los resultados"
              value={view}
              onChange={(v) => setView(v as 'list' | 'map')}
              options={[
                { value: 'list', label: 'Lista' },
                { value: 'map', label: 'Mapa' },
              ]}
            />
            <Select style={{ width: 240 }} aria-label="Ordenar" value={filters.sort} options={SORTS} onChange={(v) => set({ sort: v })} />
          </Flex>
        </Flex>
        {result.isError && <Alert type="error" showIcon message={result.error.message} style={{ marginBottom: 12 }} />}
        {data?.notes.map((n) => (
          <Alert key={n} type="info" message={n} style={{ marginBottom: 8 }} />
        ))}
        <Spin spinning={result.isFetching}>
          {data && data.items.length === 0 && <Empty description="Ningún hotel coincide con la búsqueda" />}
          {view === 'map' && data && data.items.length > 0 ? (
            <Suspense fallback={<Spin tip="Cargando el mapa…" style={{ display: 'block', margin: 24 }} />}>
              <ResultsMap hotels={data.items} onOpen={(h, o) => onOpen(h, o, cacheId)} />
            </Suspense>
          ) : (
            data?.items.map((h) => (
              <HotelCard key={`${h.supplier}-${h.code}`} hotel={h} nights={nights} onOpen={(o) => onOpen(h, o, cacheId)} />
            ))
          )}
        </Spin>
        {data && data.totalPages > 1 && (
          <Pagination
            align="center"
            current={page}
            pageSize={PAGE_SIZE}
            total={data.itemsFound}
            showSizeChanger={false}
            onChange={(p) => {
              setPage(p);
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </Col>
    </Row>
  );
}

/** One block of the filters card: its bold title over its control. */
function FilterSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </div>
  );
}

/** A full-width, clearable multiple choice filter. */
function MultiSelectFilter({
  label,
  placeholder,
  value,
  options,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string[];
  options: { value: string; label: string }[];
  onChange: (value: string[]) => void;
}) {
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      aria-label={label}
      allowClear
      placeholder={placeholder}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

import type { TransferOptionDto } from '@travesia/contracts';
import { Alert, Checkbox, Empty, Flex, InputNumber, Pagination, Select, Space, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { type TransferPageQuery, useTransferSearchPage } from '../api/get-search-page';
import { TransferCard } from './transfer-card';

const SORTS = [
  { value: 'price', label: 'Precio: menor a mayor' },
  { value: '-price', label: 'Precio: mayor a menor' },
  { value: 'capacity', label: 'Capacidad' },
];

/**
 * The cached results of one search, a leg at a time (round trip: "Ida" and "Regreso" chosen
 * separately); filters and sorting are applied by the server on the cache.
 */
export function ResultsPanel({
  cacheId,
  chosen,
  onChoose,
}: {
  cacheId: string;
  chosen: { outbound: string | null; return: string | null };
  onChoose: (o: TransferOptionDto, roundTrip: boolean) => void;
}) {
  const [query, setQuery] = useState<TransferPageQuery>({ page: 1, limit: 10, sort: 'price', leg: 'outbound' });
  const page = useTransferSearchPage(cacheId, query);
  const set = (patch: Partial<TransferPageQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const data = page.data;
  if (page.isPending) return <Spin />;
  if (page.isError) return <Alert type="error" showIcon message={page.error.message} />;
  if (!data) return null;
  const facets = data.facets;
  return (
    <Flex vertical gap={12}>
      {data.notes.map((n) => (
        <Alert key={n} type="info" showIcon message={n} />
      ))}
      {data.roundTrip && (
        <Tabs
          activeKey={query.leg}
          onChange={(leg) => set({ leg: leg as 'outbound' | 'return' })}
          items={[
            { key: 'outbound', label: chosen.outbound ? 'Ida ✓' : 'Ida' },
            { key: 'return', label: chosen.return ? 'Regreso ✓' : 'Regreso' },
          ]}
        />
      )}
      <Space wrap>
        <Checkbox.Group
          aria-label="Tipo de servicio"
          options={facets.types.map((t) => ({ value: t, label: t === 'PRIVATE' ? 'Privado' : 'Compartido' }))}
          onChange={(v) => set({ type: (v as string[]).join(',') || undefined })}
        />
        <Select
          allowClear
          mode="multiple"
          placeholder="Categoría del vehículo"
          style={{ minWidth: 200 }}
          options={facets.categories.map((c) => ({ value: c, label: c }))}
          onChange={(v: string[]) => set({ category: v.join(',') || undefined })}
        />
        <Select
          allowClear
          mode="multiple"
          placeholder="Proveedor"
          style={{ minWidth: 180 }}
          options={facets.suppliers.map((s) => ({ value: s.id, label: s.label }))}
          onChange={(v: string[]) => set({ supplier: v.join(',') || undefined })}
        />
        {facets.priceRange && (
          <Space.Compact>
            <InputNumber
              aria-label={`Precio mínimo (${facets.priceRange.currency})`}
              placeholder={`Desde ${facets.priceRange.min}`}
              min={0}
              style={{ width: 150 }}
              value={query.minPrice ?? null}
              onChange={(v) => set({ minPrice: v ?? undefined })}
            />
            <InputNumber
              aria-label={`Precio máximo (${facets.priceRange.currency})`}
              placeholder={`Hasta ${facets.priceRange.max}`}
              min={0}
              style={{ width: 150 }}
              value={query.maxPrice ?? null}
              onChange={(v) => set({ maxPrice: v ?? undefined })}
            />
          </Space.Compact>
        )}
        <Select aria-label="Ordenar" style={{ width: 200 }} value={query.sort} options={SORTS} onChange={(sort) => set({ sort })} />
      </Space>
      {data.items.length === 0 ? (
        <Empty description="No hay traslados con estos filtros" />
      ) : (
        data.items.map((o) => (
          <TransferCard
            key={o.optionId}
            option={o}
            chosen={chosen[o.leg] === o.optionId}
            onChoose={() => {
              onChoose(o, data.roundTrip);
              if (data.roundTrip && o.leg === 'outbound' && !chosen.return) set({ leg: 'return' });
            }}
          />
        ))
      )}
      <Pagination
        current={data.page}
        total={data.itemsFound}
        pageSize={query.limit}
        onChange={(p) => setQuery((q) => ({ ...q, page: p }))}
        showSizeChanger={false}
        hideOnSinglePage
      />
    </Flex>
  );
}

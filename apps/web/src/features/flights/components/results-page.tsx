import {
  FLIGHT_SORT_LABELS,
  FLIGHT_SORTS,
  type FlightItemView,
  type FlightSegmentView,
  type FlightSort,
  formatMoney,
} from '@travesia/contracts';
import { Alert, Button, Card, Col, Empty, List, Pagination, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useDebounced } from '../../../shared/use-debounced';
import { usePriceSearch } from '../api/price-search';
import { flightState } from '../state';
import { BaggageLine, SegmentLine } from './itinerary';
import { type FilterValues, FlightFilters, toFilters } from './results-filters';

/**
 * /flight/santsg/avail/{type?}: the price search, 10 itineraries a page (spec §9), paged, filtered and
 * sorted over its cached result by cacheId (decision 0295). Round trip: the agent first chooses an
 * outbound, then only the itineraries whose return pairs with it (same group key) are listed.
 */
export function FlightResultsPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const [request] = useState(flightState.request);
  const [page, setPage] = useState(1);
  const [cacheId, setCacheId] = useState<string | null>(null);
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  const [sort, setSort] = useState<FlightSort | undefined>(undefined);
  const [outbound, setOutbound] = useState<FlightSegmentView | null>(null);
  const roundTrip = request?.serviceType === '2';
  const debounced = useDebounced(filterValues, 300);
  const view = useMemo(() => {
    const filters = toFilters(debounced);
    const withOutbound = outbound ? { ...filters, outboundSegmentId: outbound.id } : filters;
    return { filters: withOutbound, sort };
  }, [debounced, outbound, sort]);
  const search = usePriceSearch(request, page, cacheId, view);
  if (!request)
    return (
      <Card>
        <Empty description="No hay una búsqueda de vuelos">
          <Link to="/search/flight/santsg">Buscar vuelos</Link>
        </Empty>
      </Card>
    );
  if (search.isLoading) return <Spin tip="Buscando vuelos…" fullscreen />;
  if (search.error && !search.data)
    return (
      <Alert type="error" showIcon message={search.error instanceof ApiError ? search.error.message : 'No se pudo completar la búsqueda'} />
    );
  const data = search.data;
  if (!data) return null;
  if (!cacheId && data.cacheId) setCacheId(data.cacheId);
  const segments = new Map(data.segments.map((s) => [s.id, s]));
  const choose = (item: FlightItemView) => {
    flightState.setSelected({
      cacheId: data.cacheId,
      item,
      segments: item.segmentIds.flatMap((id) => segments.get(id) ?? []),
      request,
    });
    navigate(`/flight/santsg/options/${data.cacheId}~${item.id}/${type ?? ''}`);
  };
  const chooseOutbound = (item: FlightItemView) => {
    setOutbound(segments.get(item.segmentIds[0]) ?? null);
    setPage(1);
  };
  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <FlightFilters
          airlines={data.airlines}
          onChange={(v) => {
            setFilterValues(v);
            setPage(1);
          }}
        />
      </Col>
      <Col xs={24} lg={18}>
        <Card
          title={`${data.itemFound} vuelos encontrados`}
          extra={
            <Space wrap>
              {data.lowestPrice && (
                <Typography.Text>
                  Desde {formatMoney(data.lowestPrice.amount, data.lowestPrice.currency)} hasta{' '}
                  {data.highestPrice && formatMoney(data.highestPrice.amount, data.highestPrice.currency)}
                </Typography.Text>
              )}
              <Segmented
                aria-label="Ordenar por"
                value={sort ?? 'none'}
                options={[{ value: 'none', label: 'Relevancia' }, ...FLIGHT_SORTS.map((s) => ({ value: s, label: FLIGHT_SORT_LABELS[s] }))]}
                onChange={(v) => {
                  setSort(v === 'none' ? undefined : (v as FlightSort));
                  setPage(1);
                }}
              />
            </Space>
          }
        >
          {search.error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={search.error instanceof ApiError ? search.error.message : 'No se pudo completar la búsqueda'}
            />
          )}
          {roundTrip && (
            <Alert
              style={{ marginBottom: 12 }}
              type={outbound ? 'success' : 'info'}
              data-testid="flight-outbound"
              message={outbound ? 'Ida elegida: ahora elige el regreso' : 'Elige primero el vuelo de ida'}
              description={outbound && <SegmentLine s={outbound} />}
              action={
                outbound && (
                  <Button
                    size="small"
                    onClick={() => {
                      setOutbound(null);
                      setPage(1);
                    }}
                  >
                    Cambiar ida
                  </Button>
                )
              }
            />
          )}
          {data.msg && <Alert type="info" message={data.msg} style={{ marginBottom: 12 }} />}
          <Spin spinning={search.isFetching}>
            <div
              data-testid="flight-results"
              data-sort={search.isPlaceholderData ? undefined : (sort ?? 'none')}
              data-outbound={search.isPlaceholderData ? undefined : (outbound?.id ?? '')}
            >
              <List
                dataSource={data.items}
                renderItem={(item) => (
                  <List.Item
                    data-testid="flight-item"
                    actions={[
                      <Space direction="vertical" key="price" align="end">
                        <Typography.Title level={4} style={{ margin: 0 }} data-testid="flight-price">
                          {formatMoney(item.price.amount, item.price.currency)}
                        </Typography.Title>
                        <Typography.Text type="secondary">
                          {formatMoney(item.pricePerAdult.amount, item.pricePerAdult.currency)} por adulto
                        </Typography.Text>
                        {roundTrip && !outbound ? (
                          <Button type="primary" onClick={() => chooseOutbound(item)}>
                            Elegir ida
                          </Button>
                        ) : (
                          <Button type="primary" onClick={() => choose(item)}>
                            {roundTrip ? 'Elegir regreso' : 'Elegir'}
                          </Button>
                        )}
                      </Space>,
                    ]}
                  >
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {item.segmentIds.map((id) => {
                        const s = segments.get(id);
                        return s ? <SegmentLine key={id} s={s} /> : null;
                      })}
                      <Space wrap>
                        {item.fareBrand && <Tag color="blue">{item.fareBrand.name}</Tag>}
                        {item.seatsLeft !== null && <Tag>{item.seatsLeft} asientos disponibles</Tag>}
                        <BaggageLine item={item} />
                      </Space>
                    </Space>
                  </List.Item>
                )}
              />
            </div>
          </Spin>
          <Pagination
            current={data.page}
            total={data.itemFound}
            pageSize={10}
            showSizeChanger={false}
            onChange={(p) => setPage(p)}
            style={{ marginTop: 16, textAlign: 'right' }}
          />
        </Card>
      </Col>
    </Row>
  );
}

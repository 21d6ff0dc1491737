import { formatMoney } from '@travesia/contracts';
import { Alert, Button, Card, Empty, List, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { usePriceSearch } from '../api/price-search';
import { flightState } from '../state';
import { BaggageLine, SegmentLine } from './itinerary';

/** /flight/santsg/avail/{type?}: the price search, 10 itineraries a page (spec §9), paged by its cacheId. */
export function FlightResultsPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const [request] = useState(flightState.request);
  const [page, setPage] = useState(1);
  const [cacheId, setCacheId] = useState<string | null>(null);
  const search = usePriceSearch(request, page, cacheId);
  if (!request)
    return (
      <Card>
        <Empty description="No hay una búsqueda de vuelos">
          <Link to="/search/flight/santsg">Buscar vuelos</Link>
        </Empty>
      </Card>
    );
  if (search.isLoading) return <Spin tip="Buscando vuelos…" fullscreen />;
  if (search.error)
    return (
      <Alert type="error" showIcon message={search.error instanceof ApiError ? search.error.message : 'No se pudo completar la búsqueda'} />
    );
  const data = search.data;
  if (!data) return null;
  if (!cacheId && data.cacheId) setCacheId(data.cacheId);
  const segments = new Map(data.segments.map((s) => [s.id, s]));
  return (
    <Card
      title={`${data.itemFound} vuelos encontrados`}
      extra={
        data.lowestPrice && (
          <Typography.Text>
            Desde {formatMoney(data.lowestPrice.amount, data.lowestPrice.currency)} hasta{' '}
            {data.highestPrice && formatMoney(data.highestPrice.amount, data.highestPrice.currency)}
          </Typography.Text>
        )
      }
    >
      {data.msg && <Alert type="info" message={data.msg} style={{ marginBottom: 12 }} />}
      <List
        dataSource={data.items}
        renderItem={(item) => (
          <List.Item
            data-testid="flight-item"
            actions={[
              <Space direction="vertical" key="price" align="end">
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {formatMoney(item.price.amount, item.price.currency)}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {formatMoney(item.pricePerAdult.amount, item.pricePerAdult.currency)} por adulto
                </Typography.Text>
                <Button
                  type="primary"
                  onClick={() => {
                    flightState.setSelected({
                      cacheId: data.cacheId,
                      item,
                      segments: item.segmentIds.flatMap((id) => segments.get(id) ?? []),
                      request,
                    });
                    navigate(`/flight/santsg/options/${data.cacheId}~${item.id}/${type ?? ''}`);
                  }}
                >
                  Elegir
                </Button>
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
      <Pagination
        current={data.page}
        total={data.itemFound}
        pageSize={10}
        showSizeChanger={false}
        onChange={(p) => setPage(p)}
        style={{ marginTop: 16, textAlign: 'right' }}
      />
    </Card>
  );
}

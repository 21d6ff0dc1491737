import { CheckCircleTwoTone, ClockCircleTwoTone, CloseCircleTwoTone, LoadingOutlined } from '@ant-design/icons';
import { Card, Flex, List, Progress, Typography } from 'antd';
import type { SupplierProgress as Row, StreamState } from './stream-state';

/** How a product names what a supplier found: `{ one: 'hotel', many: 'hoteles' }`. */
export interface ItemNoun {
  one: string;
  many: string;
}

function describe(s: Row, noun: ItemNoun): string {
  switch (s.state) {
    case 'searching':
      return 'Buscando…';
    case 'done':
      return `${s.itemsFound} ${s.itemsFound === 1 ? noun.one : noun.many} en ${s.ms} ms`;
    case 'timeout':
      return `Sin respuesta a tiempo (${s.ms} ms): ${s.msg}`;
    case 'failed':
      return `Falló: ${s.msg}`;
  }
}

const icon = (s: Row) =>
  s.state === 'searching' ? (
    <LoadingOutlined />
  ) : s.state === 'done' ? (
    <CheckCircleTwoTone twoToneColor="#52c41a" />
  ) : s.state === 'timeout' ? (
    <ClockCircleTwoTone twoToneColor="#faad14" />
  ) : (
    <CloseCircleTwoTone twoToneColor="#ff4d4f" />
  );

/**
 * One row per supplier as its answer arrives: searching / N <noun> in X ms / failed / timed out.
 * `noSuppliers` is said when the search had no supplier to ask.
 */
export function SupplierProgress({ state, noun, noSuppliers }: { state: StreamState; noun: ItemNoun; noSuppliers: string }) {
  const total = state.suppliers.length;
  const finished = state.suppliers.filter((s) => s.state !== 'searching').length;
  const percent = total ? Math.round((finished / total) * 100) : state.status === 'done' ? 100 : 0;
  return (
    <Card size="small" title="Proveedores" aria-label="Progreso por proveedor">
      <Progress
        aria-label="Progreso de la búsqueda"
        percent={percent}
        status={state.status === 'searching' ? 'active' : 'normal'}
        size="small"
      />
      {total === 0 && state.status === 'done' && <Typography.Text type="secondary">{noSuppliers}</Typography.Text>}
      <List
        size="small"
        dataSource={state.suppliers}
        renderItem={(s) => (
          <List.Item data-testid={`supplier-${s.supplier}`} data-state={s.state}>
            <Flex gap={8} align="center">
              {icon(s)}
              <Typography.Text strong>{s.name}</Typography.Text>
              <Typography.Text type={s.state === 'failed' ? 'danger' : s.state === 'timeout' ? 'warning' : 'secondary'}>
                {describe(s, noun)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

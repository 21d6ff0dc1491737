import { CheckCircleTwoTone, ClockCircleTwoTone, CloseCircleTwoTone, LoadingOutlined } from '@ant-design/icons';
import { Card, Flex, List, Progress, Typography } from 'antd';
import type { SupplierProgress as Row, StreamState } from '../api/stream-state';

function describe(s: Row): string {
  switch (s.state) {
    case 'searching':
      return 'Buscando…';
    case 'done':
      return `${s.itemsFound} ${s.itemsFound === 1 ? 'hotel' : 'hoteles'} en ${s.ms} ms`;
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

/** One row per supplier as its answer arrives: searching / N hotels in X ms / failed / timed out. */
export function SupplierProgress({ state }: { state: StreamState }) {
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
      {total === 0 && state.status === 'done' && (
        <Typography.Text type="secondary">No hay proveedores de hoteles habilitados para tu agencia.</Typography.Text>
      )}
      <List
        size="small"
        dataSource={state.suppliers}
        renderItem={(s) => (
          <List.Item data-testid={`supplier-${s.supplier}`} data-state={s.state}>
            <Flex gap={8} align="center">
              {icon(s)}
              <Typography.Text strong>{s.name}</Typography.Text>
              <Typography.Text type={s.state === 'failed' ? 'danger' : s.state === 'timeout' ? 'warning' : 'secondary'}>
                {describe(s)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

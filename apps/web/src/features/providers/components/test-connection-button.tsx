import { ApiOutlined } from '@ant-design/icons';
import { AGENCY_MODE_LABELS } from '@travesia/contracts';
import { App, Button } from 'antd';
import { ApiError } from '../../../lib/api';
import type { ProviderScope } from '../api/scope';
import { useTestProviderAccount } from '../api/test-provider-account';

/** "Probar conexión": asks the server to authenticate against the supplier and shows what came back. */
export function TestConnectionButton({ scope, accountId }: { scope: ProviderScope; accountId: string }) {
  const { notification } = App.useApp();
  const test = useTestProviderAccount(scope);

  async function run() {
    try {
      const r = await test.mutateAsync(accountId);
      const where =
        r.mode === 'sandbox' ? `${AGENCY_MODE_LABELS.sandbox}: contra el simulador de proveedores` : AGENCY_MODE_LABELS.production;
      const description = `${where}${r.latencyMs !== null ? ` · ${r.latencyMs} ms` : ''}`;
      if (r.ok) notification.success({ title: r.msg, description });
      else notification.error({ title: r.msg, description });
    } catch (err) {
      notification.error({
        title: 'Probar conexión',
        description: err instanceof ApiError ? err.message : 'No se pudo probar la conexión',
      });
    }
  }

  return (
    <Button size="small" icon={<ApiOutlined />} loading={test.isPending} onClick={run}>
      Probar conexión
    </Button>
  );
}

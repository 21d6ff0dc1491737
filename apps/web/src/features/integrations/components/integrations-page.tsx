import { Space, Typography } from 'antd';
import { ApiKeysCard } from './api-keys-card';
import { MailSettingsCard } from './mail-settings-card';
import { WebhooksCard } from './webhooks-card';

/** /configuration/integrations: the agency's API keys, webhooks and mail sender (docs/INTEGRATIONS.md). */
export function IntegrationsPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3}>Integraciones</Typography.Title>
      <ApiKeysCard />
      <WebhooksCard />
      <MailSettingsCard />
    </Space>
  );
}

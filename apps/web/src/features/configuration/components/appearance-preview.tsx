import { CompassOutlined } from '@ant-design/icons';
import { type AgencyAppearanceValues, imageUrl } from '@travesia/contracts';
import { Button, Card, ConfigProvider, Flex, Menu, Tag, Typography, theme } from 'antd';
import { agencyThemeConfig, lookOf } from '../../../shared/theme/agency-theme';

type Look = Partial<Pick<AgencyAppearanceValues, 'theme' | 'primaryColor' | 'logoLight' | 'logoDark' | 'voucherHeader' | 'voucherFooter'>>;

function Shell({ look, agencyName }: { look: Look; agencyName: string }) {
  const { token } = theme.useToken();
  const dark = lookOf({ theme: look.theme ?? 'default', primaryColor: look.primaryColor ?? null }).dark;
  const logo = dark ? (look.logoDark ?? look.logoLight) : look.logoLight;
  return (
    <div
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, overflow: 'hidden', background: token.colorBgLayout }}
    >
      <Flex
        align="center"
        gap={10}
        style={{ padding: '8px 12px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {logo ? (
          <img src={imageUrl(logo, 320)} alt="Logo (vista previa)" style={{ height: 28, maxWidth: 120, objectFit: 'contain' }} />
        ) : (
          <CompassOutlined style={{ fontSize: 20, color: token.colorPrimary }} aria-hidden />
        )}
        <Typography.Text strong>{agencyName}</Typography.Text>
        <Tag color="gold">Pruebas (sandbox)</Tag>
      </Flex>
      <Flex>
        <Menu
          style={{ width: 160, background: token.colorBgContainer }}
          selectedKeys={['booking']}
          items={[
            { key: 'dashboard', label: 'Dashboard' },
            { key: 'booking', label: 'Reservas' },
          ]}
        />
        <Flex vertical gap={8} style={{ padding: 12, flex: 1 }}>
          <Typography.Text>Así verán tu agencia los usuarios.</Typography.Text>
          <Flex gap={8}>
            <Button type="primary">Buscar</Button>
            <Button>Cancelar</Button>
          </Flex>
          <Typography.Link>Ver el voucher</Typography.Link>
        </Flex>
      </Flex>
    </div>
  );
}

/** The shell and a voucher's top and bottom as they will look, drawn from the unsaved form values. */
export function AppearancePreview({ look, agencyName }: { look: Look; agencyName: string }) {
  const config = agencyThemeConfig({ theme: look.theme ?? 'default', primaryColor: look.primaryColor ?? null });
  return (
    <Card title="Vista previa" data-testid="appearance-preview">
      <ConfigProvider theme={config}>
        <Shell look={look} agencyName={agencyName} />
      </ConfigProvider>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        Voucher
      </Typography.Title>
      <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 12, background: '#fff', color: '#000' }}>
        <Flex justify="space-between" align="center">
          {look.logoLight ? (
            <img src={imageUrl(look.logoLight, 320)} alt="" style={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />
          ) : (
            <span />
          )}
          <div style={{ textAlign: 'right' }}>
            <strong>{agencyName}</strong>
            <div style={{ fontSize: 12 }}>Voucher de servicio</div>
            {look.voucherHeader && <div style={{ fontSize: 12, color: '#444' }}>{look.voucherHeader}</div>}
          </div>
        </Flex>
        <div style={{ margin: '12px 0', height: 40, background: '#f5f5f5', borderRadius: 4 }} aria-hidden />
        {look.voucherFooter && <div style={{ fontSize: 11, color: '#444' }}>{look.voucherFooter}</div>}
      </div>
    </Card>
  );
}

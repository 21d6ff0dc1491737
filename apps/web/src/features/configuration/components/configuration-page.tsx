import { ApiOutlined, BgColorsOutlined, CloudServerOutlined, PercentageOutlined, SettingOutlined } from '@ant-design/icons';
import { buildMenu, canOpen } from '@travesia/contracts';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { useMe } from '../../../shared/session/use-session';

/** What each section is for, shown under its link. */
const SECTIONS: Record<string, { icon: ReactNode; text: string }> = {
  '/configuration/app': { icon: <SettingOutlined />, text: 'Datos de la agencia, zona horaria, valores por defecto y correos de aviso.' },
  '/configuration/appearance': { icon: <BgColorsOutlined />, text: 'Logo, colores, favicon y textos del voucher.' },
  '/configuration/commission': { icon: <PercentageOutlined />, text: 'Comisión por defecto de los asesores y redondeo de precios.' },
  '/configuration/providers': { icon: <CloudServerOutlined />, text: 'Cuentas de los proveedores con los que vende la agencia.' },
  '/configuration/integrations': { icon: <ApiOutlined />, text: 'Claves de API y webhooks para conectar tus sistemas.' },
};

/** The sections of the Configuración menu this user may open, in the menu's order. */
export function configurationSections(type: Parameters<typeof buildMenu>[0], modules: Parameters<typeof buildMenu>[1]) {
  // Super has no Configuración menu of its own: it opens the agency sections, naming the agency in each.
  const menu = buildMenu(type === 'super' ? 'agency' : type, modules).find((m) => m.key === 'configuration');
  const items = menu?.children ?? [];
  return items.filter((i): i is typeof i & { path: string } => !!i.path && canOpen(i.path, type, modules));
}

/** `/configuration`: one card per section the user may open. */
export function ConfigurationPage() {
  const me = useMe();
  const sections = configurationSections(me.user.type, me.modules);
  return (
    <>
      <PageHeader title="Configuración" subtitle={me.agency?.name} />
      <Row gutter={[16, 16]}>
        {sections.map((s) => (
          <Col key={s.key} xs={24} md={12} xl={8}>
            <Link to={s.path} aria-label={s.label}>
              <Card hoverable>
                <Card.Meta avatar={<span style={{ fontSize: 24 }}>{SECTIONS[s.path]?.icon}</span>} title={s.label} />
                <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
                  {SECTIONS[s.path]?.text}
                </Typography.Paragraph>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}

import { AGENCY_MODE_LABELS, type MeResponse, SHELL_MESSAGES } from '@travesia/contracts';
import { Flex, Layout, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { APP_VERSION } from '../../lib/version';
import { BAR_SET_TITLES, barSetOf } from './bar-set';

/** Bottom bar: where you are working (operator, product loading, or your agency and its mode) and the version. */
export function BottomBar({ me }: { me: MeResponse }) {
  const set = barSetOf(me.user.type);
  const { token } = theme.useToken();
  const where =
    set === 'agency' && me.agency
      ? `${me.agency.name} · Modo ${AGENCY_MODE_LABELS[me.agency.mode].toLowerCase()}`
      : `${SHELL_MESSAGES.platformName} · ${BAR_SET_TITLES[set]}`;
  return (
    <Layout.Footer style={{ padding: '10px 24px', background: token.colorBgLayout, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="bottom-bar-context">
          {where}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          © {new Date().getFullYear()} {SHELL_MESSAGES.platformName} · v{APP_VERSION} · <Link to="/about">Acerca de</Link>
        </Typography.Text>
      </Flex>
    </Layout.Footer>
  );
}

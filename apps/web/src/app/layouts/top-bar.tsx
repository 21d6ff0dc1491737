import {
  CompassOutlined,
  IdcardOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { AGENCY_MODE_LABELS, imageUrl, type MeResponse, SHELL_MESSAGES, USER_TYPE_LABELS } from '@travesia/contracts';
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Tag, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { lookOf } from '../../shared/theme/agency-theme';
import { BAR_SET_TITLES, barSetOf } from './bar-set';

const initials = (name: string, lastName: string) => `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** The agency's logo for the shell: the dark one on the dark preset, else the light one, else the agency's `logo`. */
export function shellLogoOf(me: MeResponse): string | null {
  const b = me.branding;
  const file = b && lookOf(b).dark ? (b.logoDark ?? b.logoLight) : b?.logoLight;
  return file ? imageUrl(file, 320) : (me.agency?.logo ?? null);
}

/** Top bar: brand or agency (logo and name), the environment tag, and the signed-in person. */
export function TopBar({ me, menuOpen, onToggleMenu }: { me: MeResponse; menuOpen: boolean; onToggleMenu: () => void }) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const set = barSetOf(me.user.type);
  const { user, agency } = me;
  const { token } = theme.useToken();
  const logo = shellLogoOf(me);
  const fullName = `${user.profile.name} ${user.profile.lastName}`;

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        paddingInline: 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
      />
      <Flex align="center" gap={10} style={{ minWidth: 0, flex: 1 }} aria-label="Organización">
        {set === 'agency' && agency && logo ? (
          <img
            src={logo}
            alt={`Logo de ${agency.name}`}
            data-testid="top-bar-logo"
            style={{ height: 36, maxWidth: 140, objectFit: 'contain' }}
          />
        ) : (
          <CompassOutlined style={{ fontSize: 24, color: token.colorPrimary }} aria-hidden />
        )}
        <Typography.Text strong ellipsis style={{ fontSize: 16 }} data-testid="top-bar-org">
          {set === 'agency' && agency ? agency.name : SHELL_MESSAGES.platformName}
        </Typography.Text>
        {screens.md && set !== 'agency' && <Typography.Text type="secondary">· {BAR_SET_TITLES[set]}</Typography.Text>}
        {set === 'agency' && agency && (
          <Tag color={agency.mode === 'production' ? 'green' : 'gold'} data-testid="mode-tag">
            {AGENCY_MODE_LABELS[agency.mode]}
          </Tag>
        )}
      </Flex>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <IdcardOutlined />, label: 'Mi perfil', onClick: () => navigate('/profile') },
            { key: 'about', icon: <InfoCircleOutlined />, label: 'Acerca de', onClick: () => navigate('/about') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar sesión', onClick: () => navigate('/logout') },
          ],
        }}
      >
        <Button type="text" style={{ height: 48 }} aria-label={`Cuenta de ${fullName}`}>
          <Flex align="center" gap={8}>
            <Avatar style={{ background: token.colorPrimary }} data-testid="top-bar-avatar">
              {initials(user.profile.name, user.profile.lastName)}
            </Avatar>
            {screens.sm && (
              <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
                <Typography.Text strong data-testid="top-bar-user">
                  {fullName}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="top-bar-type">
                  {USER_TYPE_LABELS[user.type]}
                </Typography.Text>
              </Flex>
            )}
          </Flex>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}

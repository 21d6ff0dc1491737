import { CompassOutlined, InfoCircleOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { AGENCY_MODE_LABELS, type MeResponse, SHELL_MESSAGES, USER_TYPE_LABELS } from '@travesia/contracts';
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { BAR_SET_TITLES, barSetOf } from './bar-set';

const initials = (name: string, lastName: string) => `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** Top bar: brand or agency (logo and name), the environment tag, and the signed-in person. */
export function TopBar({ me, menuOpen, onToggleMenu }: { me: MeResponse; menuOpen: boolean; onToggleMenu: () => void }) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const set = barSetOf(me.user.type);
  const { user, agency } = me;
  const fullName = `${user.profile.name} ${user.profile.lastName}`;

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        paddingInline: 16,
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
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
        {set === 'agency' && agency?.logo ? (
          <Avatar shape="square" src={agency.logo} alt={`Logo de ${agency.name}`} />
        ) : (
          <CompassOutlined style={{ fontSize: 24, color: '#0b6e4f' }} aria-hidden />
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
            { key: 'about', icon: <InfoCircleOutlined />, label: 'Acerca de', onClick: () => navigate('/about') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar sesión', onClick: () => navigate('/logout') },
          ],
        }}
      >
        <Button type="text" style={{ height: 48 }} aria-label={`Cuenta de ${fullName}`}>
          <Flex align="center" gap={8}>
            <Avatar style={{ background: '#0b6e4f' }}>{initials(user.profile.name, user.profile.lastName)}</Avatar>
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

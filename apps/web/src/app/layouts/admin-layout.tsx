import { buildMenu, canOpen, homePath, SHELL_MESSAGES } from '@travesia/contracts';
import { Button, Drawer, Grid, Layout, Result, theme } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Forbidden } from '../../shared/components/forbidden';
import { FullPageSpin } from '../../shared/components/full-page-spin';
import { useSession } from '../../shared/session/use-session';
import { BottomBar } from './bottom-bar';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const SIDER_WIDTH = 240;

/**
 * Signed-in pages: top bar, drawer and bottom bar of the user's type, and the route guard — not signed
 * in goes to `/` (remembering the page), a page beyond the user's type or modules shows the 403 page.
 */
export function AdminLayout() {
  const { state } = useSession();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const wide = screens.lg ?? true;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const me = state.status === 'authenticated' ? state.me : null;
  const modules = state.status === 'authenticated' ? state.modules : null;
  const menu = useMemo(() => (me && modules ? buildMenu(me.user.type, modules) : []), [me, modules]);

  if (state.status === 'loading') return <FullPageSpin />;
  if (state.status === 'error') {
    return (
      <Result
        status="error"
        title={SHELL_MESSAGES.sessionLoadFailed}
        subTitle={state.error.message}
        extra={
          <Button type="primary" onClick={state.retry}>
            {SHELL_MESSAGES.retry}
          </Button>
        }
      />
    );
  }
  if (state.status === 'anonymous' || !me || !modules) {
    return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  }

  const allowed = canOpen(location.pathname, me.user.type, modules);
  const menuNode = <SideMenu key={me.user._id} menu={menu} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* A new page opens at its top (the options page opened where the results list was scrolled); back restores. */}
      <ScrollRestoration />
      <TopBar
        me={me}
        menuOpen={wide ? !collapsed : drawerOpen}
        onToggleMenu={() => (wide ? setCollapsed((c) => !c) : setDrawerOpen((o) => !o))}
      />
      <Layout>
        {wide ? (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsed={collapsed}
            collapsedWidth={64}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            {menuNode}
          </Layout.Sider>
        ) : (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH}
            title={SHELL_MESSAGES.platformName}
            styles={{ body: { padding: 0 } }}
          >
            {menuNode}
          </Drawer>
        )}
        <Layout>
          <Layout.Content style={{ padding: wide ? 24 : 12 }}>
            {/* Each page is its own chunk (lazyPage): the layout stays while it loads. */}
            <Suspense fallback={<FullPageSpin minHeight={240} />}>
              {allowed ? <Outlet /> : <Forbidden home={homePath(me.user.type, modules)} />}
            </Suspense>
          </Layout.Content>
          <BottomBar me={me} />
        </Layout>
      </Layout>
    </Layout>
  );
}

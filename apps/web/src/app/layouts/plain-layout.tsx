import { CompassOutlined } from '@ant-design/icons';
import { SHELL_MESSAGES } from '@travesia/contracts';
import { Card, Flex, Layout, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../../shared/components/full-page-spin';

/** Public pages (spec §2 Plain-layout routes): one centred card over the brand background. */
export function PlainLayout() {
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0b6e4f 0%, #14532d 45%, #0f172a 100%)' }}>
      <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Flex align="center" gap={10} style={{ marginBottom: 20, color: '#fff' }}>
          <CompassOutlined style={{ fontSize: 34 }} aria-hidden />
          <div>
            <Typography.Title level={1} style={{ margin: 0, color: '#fff', fontSize: 30 }}>
              {SHELL_MESSAGES.platformName}
            </Typography.Title>
            <Typography.Text style={{ color: 'rgba(255,255,255,0.8)' }}>{SHELL_MESSAGES.platformTagline}</Typography.Text>
          </div>
        </Flex>
        <Card style={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(0,0,0,0.25)' }}>
          <main>
            <Suspense fallback={<FullPageSpin minHeight={160} />}>
              <Outlet />
            </Suspense>
          </main>
        </Card>
        <Typography.Text style={{ marginTop: 24, color: 'rgba(255,255,255,0.6)', fontSize: 12 }}>
          © {new Date().getFullYear()} {SHELL_MESSAGES.platformName}
        </Typography.Text>
      </Flex>
    </Layout>
  );
}

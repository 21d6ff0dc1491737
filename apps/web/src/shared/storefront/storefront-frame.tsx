import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { imageUrl, type StorefrontSite } from '@travesia/contracts';
import { ConfigProvider, Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { storefrontTheme } from './storefront-theme';

/**
 * Header (logo and name), the page, and a footer with support contacts and legal links, in the white label's theme.
 * `embedded`: inside the back office (the preview), where the page already has its `<main>`.
 */
export function StorefrontFrame({ site, children, embedded }: { site: StorefrontSite; children: ReactNode; embedded?: boolean }) {
  const base = `/s/${site.slug}`;
  return (
    <ConfigProvider theme={storefrontTheme(site.branding.primaryColor)}>
      <Layout style={{ minHeight: embedded ? undefined : '100vh', overflowX: 'hidden' }} data-testid="storefront">
        <Layout.Header style={{ paddingInline: 16, borderBottom: '1px solid #e5e7eb', height: 'auto', lineHeight: 1.4 }}>
          <Flex align="center" gap={12} style={{ maxWidth: 1100, margin: '0 auto', minHeight: 64 }}>
            <Link to={base} style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }} aria-label={`${site.name}: inicio`}>
              {site.branding.logo && (
                <img src={imageUrl(site.branding.logo, 320)} alt="" height={40} style={{ maxWidth: 160, objectFit: 'contain' }} />
              )}
              <Typography.Text strong style={{ fontSize: 18 }} ellipsis>
                {site.name}
              </Typography.Text>
            </Link>
          </Flex>
        </Layout.Header>
        {/* The page fills the screen so the footer starts below it: results arriving never push it (layout shift). */}
        <Layout.Content style={{ minHeight: embedded ? undefined : '100vh' }}>
          {embedded ? <div>{children}</div> : <main>{children}</main>}
        </Layout.Content>
        <Layout.Footer style={{ paddingInline: 16 }}>
          <Flex vertical gap={8} style={{ maxWidth: 1100, margin: '0 auto' }}>
            <Flex wrap gap={16}>
              {site.support.email && (
                <Typography.Link href={`mailto:${site.support.email}`}>
                  <MailOutlined aria-hidden /> {site.support.email}
                </Typography.Link>
              )}
              {site.support.phone && (
                <Typography.Link href={`tel:${site.support.phone}`}>
                  <PhoneOutlined aria-hidden /> {site.support.phone}
                </Typography.Link>
              )}
            </Flex>
            <nav aria-label="Información legal">
              <Flex wrap gap={16}>
                <Link to={`${base}/legal/terminos`}>Términos y condiciones</Link>
                <Link to={`${base}/legal/privacidad`}>Política de privacidad</Link>
              </Flex>
            </nav>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              © {new Date().getFullYear()} {site.name}
            </Typography.Text>
          </Flex>
        </Layout.Footer>
      </Layout>
    </ConfigProvider>
  );
}

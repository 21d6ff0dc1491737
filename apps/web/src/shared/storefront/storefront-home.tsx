import { EnvironmentOutlined } from '@ant-design/icons';
import { imageUrl, type StorefrontSite } from '@travesia/contracts';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A storefront's home: the hero (title, text, image over the white label's colour), the search area
 * (`search`: the storefront's search form, passed in by the app router) and the featured destinations.
 */
export function StorefrontHome({ site, search }: { site: StorefrontSite; search?: ReactNode }) {
  const { token } = theme.useToken();
  const heroImage = site.hero.image ? `url(${imageUrl(site.hero.image, 800)})` : undefined;
  return (
    <>
      <section
        aria-labelledby="storefront-hero-title"
        style={{
          background: heroImage
            ? `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), ${heroImage} center / cover no-repeat, ${token.colorPrimary}`
            : token.colorPrimary,
          color: '#fff',
          padding: '48px 16px',
        }}
      >
        <div style={{ maxWidth: 1100, margin: '0 auto' }}>
          <Typography.Title id="storefront-hero-title" level={1} style={{ color: '#fff', margin: 0, overflowWrap: 'anywhere' }}>
            {site.hero.title ?? site.name}
          </Typography.Title>
          {site.hero.text && (
            <Typography.Paragraph style={{ color: '#fff', fontSize: 18, marginTop: 12, marginBottom: 0 }}>
              {site.hero.text}
            </Typography.Paragraph>
          )}
        </div>
      </section>
      <section aria-label="Buscar" style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px 0' }} data-testid="storefront-search">
        {search}
      </section>
      {site.featuredDestinations.length > 0 && (
        <section aria-labelledby="storefront-destinations" style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px 40px' }}>
          <Typography.Title id="storefront-destinations" level={2} style={{ fontSize: 22 }}>
            Destinos destacados
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {site.featuredDestinations.map((d) => (
              <Col key={d.id} xs={24} sm={12} md={6}>
                <Card size="small" style={{ height: '100%' }}>
                  <Flex gap={8} align="start">
                    <EnvironmentOutlined aria-hidden style={{ color: token.colorPrimary, marginTop: 4 }} />
                    <div style={{ minWidth: 0 }}>
                      <Typography.Text strong>{d.name}</Typography.Text>
                      {d.description && (
                        <div>
                          <Typography.Text type="secondary">{d.description}</Typography.Text>
                        </div>
                      )}
                    </div>
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      )}
    </>
  );
}

import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import { LegalText } from '../../../shared/storefront/legal-text';
import { useDocumentBranding } from '../../../shared/storefront/use-document-branding';
import { useStorefront } from './storefront-context';

const TITLES = { terms: 'Términos y condiciones', privacy: 'Política de privacidad' } as const;

/** `/s/:slug/legal/terminos` and `/s/:slug/legal/privacidad`: the published legal text, as plain text. */
export function StorefrontLegalPage({ kind }: { kind: keyof typeof TITLES }) {
  const site = useStorefront();
  useDocumentBranding(site, TITLES[kind]);
  return (
    <article style={{ maxWidth: 800, margin: '0 auto', padding: '24px 16px 40px' }}>
      <Breadcrumb items={[{ title: <Link to={`/s/${site.slug}`}>Inicio</Link> }, { title: TITLES[kind] }]} />
      <Typography.Title level={1} style={{ marginTop: 16 }}>
        {TITLES[kind]}
      </Typography.Title>
      <LegalText text={kind === 'terms' ? site.legal.terms : site.legal.privacy} />
    </article>
  );
}

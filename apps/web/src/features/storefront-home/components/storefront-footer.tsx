import type { StorefrontSite } from '@travesia/contracts';
import { Link } from 'react-router';

/** Support contacts, the legal pages and the copyright line. */
export function StorefrontFooter({ site }: { site: StorefrontSite }) {
  const base = `/s/${site.slug}`;
  return (
    <footer className="sf-footer">
      <div className="sf-footer-inner">
        {(site.support.email || site.support.phone) && (
          <div className="sf-row">
            {site.support.email && <a href={`mailto:${site.support.email}`}>{site.support.email}</a>}
            {site.support.phone && <a href={`tel:${site.support.phone}`}>{site.support.phone}</a>}
          </div>
        )}
        <nav aria-label="Información legal" className="sf-row">
          <Link to={`${base}/legal/terminos`}>Términos y condiciones</Link>
          <Link to={`${base}/legal/privacidad`}>Política de privacidad</Link>
        </nav>
        <p className="sf-copy">
          © {new Date().getFullYear()} {site.name}
        </p>
      </div>
    </footer>
  );
}

import type { StorefrontSite } from '@travesia/contracts';
import { imageUrl } from '@travesia/contracts/storefront-page';
import { Link } from 'react-router';

/**
 * Logo and name, linking home. The server pre-renders the same markup (apps/server/src/http/storefront-page.ts
 * `renderHero`): change both together, or the page moves when React takes it over.
 */
export function StorefrontHeader({ site, home }: { site: StorefrontSite; home: string }) {
  return (
    <header className="sf-header">
      <div className="sf-bar">
        <Link className="sf-brand" to={home} aria-label={`${site.name}: inicio`}>
          {site.branding.logo && <img className="sf-logo" src={imageUrl(site.branding.logo, 320)} alt="" height={40} />}
          <span className="sf-name">{site.name}</span>
        </Link>
      </div>
    </header>
  );
}

import { useStorefront } from '../../../shared/storefront/site-context';
import { useDocumentBranding } from '../../../shared/storefront/use-document-branding';
import { FeaturedDestinations } from './featured-destinations';
import { HotelSearchForm } from './hotel-search-form';
import { StorefrontHero } from './storefront-hero';

/** `/s/:slug` (or `/` on the storefront's own host): hero, the hotel search and the featured destinations. No antd. */
export function StorefrontHomePage() {
  const site = useStorefront();
  useDocumentBranding(site);
  return (
    <>
      <StorefrontHero site={site} />
      <section aria-label="Buscar" className="sf-section" data-testid="storefront-search">
        <HotelSearchForm slug={site.slug} />
      </section>
      <FeaturedDestinations destinations={site.featuredDestinations} />
    </>
  );
}

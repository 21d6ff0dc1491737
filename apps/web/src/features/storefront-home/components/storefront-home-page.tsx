import { useStorefront } from '../../../shared/storefront/site-context';
import { useDocumentBranding } from '../../../shared/storefront/use-document-branding';
import { FeaturedDestinations } from './featured-destinations';
import { ProductSearch } from './product-search';
import { StorefrontHero } from './storefront-hero';

/** `/s/:slug` (or `/` on the storefront's own host): hero, the search of each product sold and the featured destinations. No antd. */
export function StorefrontHomePage() {
  const site = useStorefront();
  useDocumentBranding(site);
  return (
    <>
      <StorefrontHero site={site} />
      <section aria-label="Buscar" className="sf-section" data-testid="storefront-search">
        <ProductSearch slug={site.slug} products={site.products} />
      </section>
      <FeaturedDestinations destinations={site.featuredDestinations} />
    </>
  );
}

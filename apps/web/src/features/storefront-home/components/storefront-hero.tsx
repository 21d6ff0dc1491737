import type { StorefrontSite } from '@travesia/contracts';
import { imageUrl } from '@travesia/contracts/storefront-page';

/** The home's hero; pre-rendered by the server with the same markup (storefront-page.ts `renderHero`). */
export function StorefrontHero({ site }: { site: StorefrontSite }) {
  return (
    <section className={site.hero.image ? 'sf-hero sf-hero-with-image' : 'sf-hero'} aria-labelledby="storefront-hero-title">
      {site.hero.image && <img className="sf-hero-img" src={imageUrl(site.hero.image, 800)} alt="" fetchPriority="high" />}
      <div className="sf-wrap">
        <h1 id="storefront-hero-title" className="sf-hero-title">
          {site.hero.title ?? site.name}
        </h1>
        {site.hero.text && <p className="sf-hero-text">{site.hero.text}</p>}
      </div>
    </section>
  );
}

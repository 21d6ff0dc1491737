import type { StorefrontSite } from '@travesia/contracts';

/** The white label's featured destinations, as cards. */
export function FeaturedDestinations({ destinations }: { destinations: StorefrontSite['featuredDestinations'] }) {
  if (destinations.length === 0) return null;
  return (
    <section aria-labelledby="storefront-destinations" className="sf-section sf-destinations">
      <h2 id="storefront-destinations">Destinos destacados</h2>
      <ul className="sf-cards">
        {destinations.map((d) => (
          <li key={d.id} className="sf-card">
            <svg className="sf-pin" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
            </svg>
            <div>
              <strong>{d.name}</strong>
              {d.description && <p className="sf-muted">{d.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';
import { useStorefront } from '../../../shared/storefront/site-context';

/** A path the storefront has no page for. */
export function StorefrontNotFound() {
  const site = useStorefront();
  return (
    <div className="sf-section sf-center-text">
      <h1 className="sf-message">No encontramos esta página</h1>
      <p>
        <Link to={`/s/${site.slug}`}>Volver al inicio</Link>
      </p>
    </div>
  );
}

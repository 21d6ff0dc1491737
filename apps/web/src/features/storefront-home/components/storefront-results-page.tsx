import type { StorefrontHotelPage } from '@travesia/contracts';
import { formatPrice, hotelResultsHeading } from '@travesia/contracts/storefront-page';
import { useDeferredValue, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hotelSearchBodyOf, useSearchHotels } from '../api/search-hotels';

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/**
 * `/s/{slug}/hoteles?destino&nombre&entrada&salida&adultos[&ninos]`: the shop's hotels (one room), cheapest
 * first. No antd (decision 0730): the server pre-renders the heading, the summary and the searching state with
 * the same elements and classes as this component's heading and `Searching` below (apps/server/src/http/storefront-page.ts
 * `renderHotelResults`); change both together, or the page moves when React takes it over.
 */
export function StorefrontResultsPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const body = useMemo(() => hotelSearchBodyOf(params), [params]);
  const search = useSearchHotels(slug, body);
  // The answer's 20 hotels render at transition priority, in slices that yield to the browser (no long task
  // when the search answers); the searching state stays on screen until they are ready.
  const data = useDeferredValue(search.data);
  const { title, summary } = hotelResultsHeading(params);
  return (
    <div className="sf-section sf-results">
      <h1 className="sf-results-title">{title}</h1>
      {summary && <p className="sf-results-summary">{summary}</p>}
      {!body && <p className="sf-note">Elige destino y fechas en el buscador.</p>}
      {body && !search.error && !data && <Searching />}
      {search.error && (
        <p className="sf-alert" role="alert">
          {search.error.message}
        </p>
      )}
      {data && !data.items.length && <p className="sf-note">No hay hoteles disponibles para esta búsqueda</p>}
      {data && data.items.length > 0 && <HotelList slug={slug} page={data} />}
    </div>
  );
}

/** While the search runs: its status for screen readers and three grey cards that keep the results' place. */
function Searching() {
  return (
    <div className="sf-searching" aria-busy="true">
      <p className="sf-status" role="status">
        Buscando hoteles…
      </p>
      <ul className="sf-results-list" aria-hidden="true">
        <li className="sf-result sf-result-ghost" />
        <li className="sf-result sf-result-ghost" />
        <li className="sf-result sf-result-ghost" />
      </ul>
    </div>
  );
}

function HotelList({ slug, page }: { slug: string; page: StorefrontHotelPage }) {
  const navigate = useNavigate();
  const book = (optionId: string) =>
    navigate(`/s/${slug}/hoteles/reservar?cache=${encodeURIComponent(page.cacheId ?? '')}&opcion=${encodeURIComponent(optionId)}`);
  return (
    <ul className="sf-results-list" aria-label="Hoteles disponibles">
      {page.items.map((h) => (
        <li key={h.code} className="sf-result">
          <h2 className="sf-result-name">{h.name}</h2>
          {h.zone && <p className="sf-muted">{h.zone}</p>}
          <ul className="sf-offers">
            {h.options.slice(0, 3).map((o) => (
              <li key={o.optionId} className="sf-offer">
                <div>
                  <div>
                    {o.rooms.map((r) => r.name).join(' + ')} · {o.board.label}
                  </div>
                  {o.freeCancellationUntil ? (
                    <span className="sf-tag sf-tag-free">Cancelación gratis hasta {day(o.freeCancellationUntil)}</span>
                  ) : (
                    <span className="sf-tag">{o.refundable ? 'Reembolsable' : 'No reembolsable'}</span>
                  )}
                </div>
                <div className="sf-offer-buy">
                  <strong>{formatPrice(o.price.amount, o.price.currency)}</strong>
                  <button type="button" className="sf-button" onClick={() => book(o.optionId)}>
                    Reservar
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

import { type ComponentType, type KeyboardEvent, useRef, useState } from 'react';
import { SHOP_PRODUCT_LABELS, type ShopProduct, shopProducts } from '../search-values';
import { HotelSearchForm } from './hotel-search-form';
import { TicketSearchForm } from './ticket-search-form';
import { TransferSearchForm } from './transfer-search-form';

const FORMS: Record<ShopProduct, ComponentType<{ slug: string }>> = {
  hotels: HotelSearchForm,
  tickets: TicketSearchForm,
  transfers: TransferSearchForm,
};

/**
 * The home's search (decision 0530): one tab per product the white label sells (ARIA tabs, arrow keys move
 * between them), the active product's native search form under it. A shop selling one product shows its form alone.
 */
export function ProductSearch({ slug, products }: { slug: string; products: readonly string[] }) {
  const sold = shopProducts(products);
  const [active, setActive] = useState<ShopProduct>(sold[0]);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const Form = FORMS[active];
  if (sold.length === 1) return <Form slug={slug} />;
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % sold.length : e.key === 'ArrowLeft' ? (i - 1 + sold.length) % sold.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(sold[next]);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="Qué quieres buscar" className="sf-tabs">
        {sold.map((p, i) => (
          <button
            key={p}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`sf-tab-${p}`}
            type="button"
            role="tab"
            aria-selected={p === active}
            aria-controls="sf-tab-panel"
            tabIndex={p === active ? 0 : -1}
            className={p === active ? 'sf-tab sf-tab-active' : 'sf-tab'}
            onClick={() => setActive(p)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {SHOP_PRODUCT_LABELS[p]}
          </button>
        ))}
      </div>
      <div id="sf-tab-panel" role="tabpanel" aria-labelledby={`sf-tab-${active}`}>
        <Form slug={slug} />
      </div>
    </>
  );
}

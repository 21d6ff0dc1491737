import { type HotelItem, type HotelOption, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { Alert, Flex } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { nightsBetween } from '../../../shared/booking/display/cancellation-policy';
import { SupplierProgress } from '../../../shared/booking/stream/supplier-progress';
import { PageHeader } from '../../../shared/components/page-header';
import { useUsableProviderAccounts } from '../../../shared/provider-accounts/use-usable-provider-accounts';
import { useHotelSearchStream } from '../api/search-stream';
import { supplierOf } from '../best-rates';
import { type HotelSearchForm, loadSearch, saveSearch, saveSelected } from '../state';
import { optionsPath, type SearchVariant } from '../variants';
import { ResultsPanel } from './results-panel';
import { SearchForm } from './search-form';

const HOTEL_NOUN = { one: 'hotel', many: 'hoteles' };
const NO_HOTEL_SUPPLIERS = 'No hay proveedores de hoteles habilitados para tu agencia.';

/**
 * Every hotel search route (spec §2) and the all-suppliers search: one streamed search across the
 * route's providers, a progress row per supplier, then sorting, filters and paging on the cache.
 */
export function HotelSearchPage({ variant }: { variant: SearchVariant }) {
  const navigate = useNavigate();
  const saved = useMemo(() => loadSearch(variant.key), [variant.key]);
  const [form, setForm] = useState<HotelSearchForm>(saved.form);
  const { state, start } = useHotelSearchStream(saved.results);
  const accounts = useUsableProviderAccounts();
  const supplierAccounts = (accounts.data ?? []).filter((a) => variant.supplier && a.supplier === variant.supplier);
  const [formError, setFormError] = useState<string | null>(null);

  // Keep the criteria and the finished search (cache ids only) across reloads.
  useEffect(() => {
    if (state.status !== 'searching') saveSearch(variant.key, { form, results: state.status === 'done' ? state : null });
  }, [variant.key, form, state]);

  const search = (f: HotelSearchForm) => {
    setForm(f);
    setFormError(null);
    if (!f.destination) return setFormError(M.destinationRequired);
    let providers: string[] | undefined;
    if (variant.supplier === 'travesia') providers = ['travesia'];
    else if (variant.supplier) {
      if (!f.provider) return setFormError(M.providerRequired);
      providers = [f.provider];
    }
    void start({
      destination: f.destination,
      countryCode: f.countryCode ?? '',
      start: f.start,
      end: f.end,
      paxes: f.rooms.map((r) => ({ adults: r.adults, children: r.children })),
      ...(variant.resort ? { resort: variant.resort } : {}),
      ...(providers ? { providers } : {}),
    });
  };

  const open = (hotel: HotelItem, option: HotelOption, cacheId: string) => {
    const { options: _options, ...summary } = hotel;
    // A card may gather several suppliers' rates (decision 0480): the option's supplier is the one booked.
    const supplier = supplierOf(hotel, option);
    saveSelected({ supplier, cacheId, hotel: { ...summary, supplier }, option });
    navigate(`${optionsPath(supplier)}?cacheId=${encodeURIComponent(cacheId)}&optionId=${encodeURIComponent(option.optionId)}`);
  };

  return (
    <div>
      <PageHeader title={variant.title} subtitle={variant.supplier ? undefined : 'Una búsqueda en todos los proveedores habilitados'} />
      <Flex vertical gap={16}>
        <SearchForm
          key={variant.key}
          variant={variant}
          initial={saved.form}
          accounts={supplierAccounts}
          accountsLoading={accounts.isPending}
          searching={state.status === 'searching'}
          onSearch={search}
        />
        {formError && <Alert type="error" showIcon message={formError} />}
        {state.status === 'error' && state.error && <Alert type="error" showIcon message={state.error.message} />}
        {state.status !== 'idle' && state.status !== 'error' && (
          <SupplierProgress state={state} noun={HOTEL_NOUN} noSuppliers={NO_HOTEL_SUPPLIERS} />
        )}
        {state.status !== 'idle' && state.status !== 'error' && (
          <ResultsPanel stream={state} onOpen={open} nights={nightsBetween(form.start, form.end)} />
        )}
      </Flex>
    </div>
  );
}

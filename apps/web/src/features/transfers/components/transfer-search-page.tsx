import { formatMoney, OWN_INVENTORY_ACCOUNT_ID, type TransferOptionDto } from '@travesia/contracts';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SupplierProgress } from '../../../shared/booking/stream/supplier-progress';
import { PageHeader } from '../../../shared/components/page-header';
import { useUsableProviderAccounts } from '../../../shared/provider-accounts/use-usable-provider-accounts';
import { useNearestAirport } from '../api/nearest-airport';
import { useTransferSearchStream } from '../api/search-stream';
import { prefillFromStay, stayFromQuery } from '../cross-sell';
import { saveSelection, type TransferSelection } from '../state';
import { ResultsPanel } from './results-panel';
import { type SearchValues, searchBody, TransferSearchForm } from './search-form';

const NOUN = { one: 'traslado', many: 'traslados' };
const NO_SUPPLIERS = 'No hay proveedores de traslados habilitados para tu agencia.';

/**
 * `/search/transfer` (every enabled transfer supplier) and each supplier's route: one streamed
 * search, a progress row per supplier, the cached results a leg at a time; "Continuar" opens the
 * reserve page with the chosen outbound (and return).
 */
export function TransferSearchPage({ supplier, title }: { supplier: string | null; title: string }) {
  const navigate = useNavigate();
  const { state, start } = useTransferSearchStream();
  const accounts = useUsableProviderAccounts();
  // A supplier's route asks which of its accounts; own inventory has one built-in account.
  const own = supplier && supplier !== 'travesia' ? (accounts.data ?? []).filter((a) => a.supplier === supplier) : undefined;
  const [selection, setSelection] = useState<TransferSelection | null>(null);
  const cacheId = state.status === 'done' ? state.mergedCacheId : null;
  // "Agregar traslado" from a hotel voucher: the stay in the query string prefills the form.
  const [params] = useSearchParams();
  const stay = useMemo(() => stayFromQuery(params), [params]);
  const nearest = useNearestAirport(stay?.city ?? null);
  const prefill =
    stay && nearest.isFetched ? prefillFromStay(stay, nearest.data?.airport ?? null, nearest.data?.city?.placeId ?? null) : undefined;

  const search = (v: SearchValues) => {
    setSelection(null);
    const providers = supplier === 'travesia' ? [OWN_INVENTORY_ACCOUNT_ID] : supplier && v.provider ? [v.provider] : undefined;
    void start(searchBody(v, providers));
  };
  const choose = (o: TransferOptionDto, roundTrip: boolean) => {
    if (!cacheId) return;
    setSelection((s) => {
      const base = s && s.cacheId === cacheId ? s : { cacheId, roundTrip, outbound: null, return: null };
      const next = { ...base, [o.leg]: o };
      // Outbound and return are booked under one reference: one supplier account for both.
      const other = o.leg === 'outbound' ? next.return : next.outbound;
      if (other && other.supplier !== o.supplier) next[o.leg === 'outbound' ? 'return' : 'outbound'] = null;
      return next;
    });
  };
  const ready = selection?.outbound && (!selection.roundTrip || selection.return);
  const total = [selection?.outbound, selection?.return].reduce((s, o) => s + (o ? Number(o.price.amount) : 0), 0);

  return (
    <div>
      <PageHeader title={title} subtitle={supplier ? undefined : 'Una búsqueda en todos los proveedores de traslados habilitados'} />
      <Flex vertical gap={16}>
        {stay && (
          <Alert
            type="info"
            showIcon
            message={`Traslado para la estadía en ${stay.hotel}`}
            description={
              nearest.isFetched && !nearest.data?.airport
                ? `No encontramos un aeropuerto para ${stay.city}: indícalo en "Desde".`
                : `Desde el aeropuerto de ${stay.city} hasta el hotel el día de llegada, y de regreso el día de salida.`
            }
          />
        )}
        {stay && !nearest.isFetched ? (
          <Spin />
        ) : (
          <TransferSearchForm
            key={prefill ? 'stay' : 'plain'}
            onSearch={search}
            searching={state.status === 'searching'}
            accounts={own}
            accountsReady={accounts.isSuccess}
            initialValues={prefill}
          />
        )}
        {state.status === 'error' && state.error && <Alert type="error" showIcon message={state.error.message} />}
        {state.status !== 'idle' && state.status !== 'error' && <SupplierProgress state={state} noun={NOUN} noSuppliers={NO_SUPPLIERS} />}
        {selection?.outbound && (
          <Card size="small" aria-label="Selección">
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text>
                Ida: {selection.outbound.vehicle} ({selection.outbound.supplierName})
                {selection.roundTrip && ` · Regreso: ${selection.return ? selection.return.vehicle : 'por elegir'}`}
                {` · Total ${formatMoney(total.toFixed(2), selection.outbound.price.currency)}`}
              </Typography.Text>
              <Button
                type="primary"
                disabled={!ready}
                onClick={() => {
                  saveSelection(selection);
                  navigate('/reserve/transfer');
                }}
              >
                Continuar con la reserva
              </Button>
            </Flex>
          </Card>
        )}
        {cacheId && (
          <ResultsPanel
            key={cacheId}
            cacheId={cacheId}
            chosen={{ outbound: selection?.outbound?.optionId ?? null, return: selection?.return?.optionId ?? null }}
            onChoose={choose}
          />
        )}
      </Flex>
    </div>
  );
}

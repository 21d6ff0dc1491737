import { HOTEL_BOOKING_MESSAGES as HM, TICKET_BOOKING_MESSAGES as M, OWN_INVENTORY_ACCOUNT_ID } from '@travesia/contracts';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SupplierProgress } from '../../../shared/booking/stream/supplier-progress';
import { PageHeader } from '../../../shared/components/page-header';
import { CountrySelect } from '../../../shared/country-select';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { noAccountsText } from '../../../shared/provider-accounts/no-accounts';
import { useUsableProviderAccounts } from '../../../shared/provider-accounts/use-usable-provider-accounts';
import { useMe } from '../../../shared/session/use-session';
import { useOwnCalendar } from '../api/own-calendar';
import { useTicketSearchStream } from '../api/search-stream';
import { monthOf, ticketDayUnavailable } from '../logic/ticket-days';
import { loadSearch, optionsPath, saveSearch, saveSelected, type TicketSearchForm, type TicketVariant } from '../state';
import { TicketResults } from './ticket-results';

const NOUN = { one: 'actividad', many: 'actividades' };
const NO_SOURCES = 'No hay proveedores de actividades habilitados para tu agencia.';
const AGES = Array.from({ length: 18 }, (_, age) => ({ value: age, label: age === 1 ? '1 año' : `${age} años` }));

interface FormValues {
  destination?: string | null;
  countryCode?: string | null;
  day?: Dayjs | null;
  dayTo?: Dayjs | null;
  adults?: number;
  children?: number[];
}

/**
 * Every ticket search route of spec §2 and the all-sources search: one streamed search over the
 * route's sources (a per-provider route preselects that provider), a progress row per source, then
 * filters, sorting and paging on the server's cached result.
 */
export function TicketSearchPage({ variant }: { variant: TicketVariant }) {
  const navigate = useNavigate();
  const saved = useMemo(() => loadSearch(variant.key), [variant.key]);
  const [form] = Form.useForm<FormValues>();
  const [criteria, setCriteria] = useState<TicketSearchForm>(saved.form);
  const { state, start } = useTicketSearchStream(saved.results);
  const accounts = useUsableProviderAccounts();
  const isSuper = useMe().user.type === 'super';
  const [formError, setFormError] = useState<string | null>(null);
  // Own tickets give a calendar: their route greys the days without places of the month shown (decision 0440).
  const [month, setMonth] = useState(() => monthOf(saved.form.date ? dayjs(saved.form.date) : dayjs()));
  const destination = Form.useWatch('destination', form) ?? null;
  const adults = Form.useWatch('adults', form) ?? 1;
  const children = Form.useWatch('children', form) ?? [];
  const people = Math.min(20, Math.max(1, adults + children.length));
  const calendar = useOwnCalendar(variant.supplier === 'travesia' ? destination : null, month, people);
  const disabledDate = (d: Dayjs) => ticketDayUnavailable(d, { today: dayjs(), calendar: calendar.data });
  const onPanelChange = (d: Dayjs) => setMonth(monthOf(d));

  useEffect(() => {
    if (state.status !== 'searching') saveSearch(variant.key, { form: criteria, results: state.status === 'done' ? state : null });
  }, [variant.key, criteria, state]);

  const submit = (v: FormValues) => {
    setFormError(null);
    if (!v.day) return setFormError(M.dayRequired);
    const f: TicketSearchForm = {
      destination: v.destination ?? null,
      countryCode: v.countryCode ?? null,
      date: v.day.format('YYYY-MM-DD'),
      dateTo: v.dayTo ? v.dayTo.format('YYYY-MM-DD') : null,
      adults: v.adults ?? 1,
      children: v.children ?? [],
    };
    setCriteria(f);
    let providers: string[] | undefined;
    if (variant.supplier === 'travesia') providers = [OWN_INVENTORY_ACCOUNT_ID];
    else if (variant.supplier) {
      providers = (accounts.data ?? []).filter((a) => a.supplier === variant.supplier).map((a) => a._id);
      if (!providers.length) return setFormError(noAccountsText(isSuper));
    }
    void start({
      destination: f.destination ?? '',
      countryCode: f.countryCode ?? '',
      date: f.date ?? '',
      ...(f.dateTo ? { dateTo: f.dateTo } : {}),
      paxes: { adults: f.adults, children: f.children },
      ...(providers ? { providers } : {}),
    });
  };

  return (
    <div>
      <PageHeader title={variant.title} subtitle={variant.supplier ? undefined : 'Una búsqueda en todos los proveedores habilitados'} />
      <Flex vertical gap={16}>
        <Card>
          <Form<FormValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            aria-label="Buscar actividades"
            onFinish={submit}
            initialValues={{
              destination: saved.form.destination,
              countryCode: saved.form.countryCode,
              day: saved.form.date && !dayjs(saved.form.date).isBefore(dayjs(), 'day') ? dayjs(saved.form.date) : null,
              adults: saved.form.adults,
              children: saved.form.children,
            }}
          >
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item name="destination" label="Destino" rules={[{ required: true, message: HM.destinationRequired }]}>
                  <PlaceAutocomplete aria-label="Destino" placeholder="Ciudad o zona (mínimo 3 letras)" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="countryCode" label="Nacionalidad" rules={[{ required: true, message: HM.nationalityRequired }]}>
                  <CountrySelect aria-label="Nacionalidad" />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="day" label="Día de la actividad" rules={[{ required: true, message: M.dayRequired }]}>
                  <DatePicker
                    format="DD-MM-YYYY"
                    style={{ width: '100%' }}
                    disabledDate={disabledDate}
                    onPanelChange={onPanelChange}
                    onOpenChange={(open) => open && setMonth(monthOf(form.getFieldValue('day') ?? dayjs()))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                {/* A range only needs some open day inside it: its end is never greyed by the calendar. */}
                <Form.Item name="dayTo" label="Hasta (opcional)">
                  <DatePicker
                    format="DD-MM-YYYY"
                    style={{ width: '100%' }}
                    disabledDate={(d) => ticketDayUnavailable(d, { today: dayjs() })}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="adults" label="Adultos" rules={[{ required: true, message: HM.paxRequired }]}>
                  <InputNumber min={1} max={20} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={14}>
                <Form.Item name="children" label="Edad de cada niño" extra="Elige una edad por niño (0 a 17 años)">
                  <Select mode="multiple" options={AGES} placeholder="Sin niños" aria-label="Edad de cada niño" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6} style={{ display: 'flex', alignItems: 'end' }}>
                <Form.Item style={{ width: '100%' }}>
                  <Button type="primary" htmlType="submit" block loading={state.status === 'searching'}>
                    Buscar
                  </Button>
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
        {formError && <Alert type="error" showIcon message={formError} />}
        {state.status === 'error' && state.error && <Alert type="error" showIcon message={state.error.message} />}
        {state.status !== 'idle' && state.status !== 'error' && <SupplierProgress state={state} noun={NOUN} noSuppliers={NO_SOURCES} />}
        {state.status !== 'idle' && state.status !== 'error' && (
          <TicketResults
            stream={state}
            onOpen={(option, cacheId) => {
              saveSelected({ cacheId, option });
              navigate(
                `${optionsPath(option.supplier)}?cacheId=${encodeURIComponent(cacheId)}&optionId=${encodeURIComponent(option.optionId)}`,
              );
            }}
          />
        )}
      </Flex>
    </div>
  );
}

import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { HOTEL_BOOKING_MESSAGES as M, type UsableProviderAccount } from '@travesia/contracts';
import { Button, Card, Col, DatePicker, Flex, Form, InputNumber, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { CountrySelect } from '../../../shared/country-select';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { NoAccountsNote } from '../../../shared/provider-accounts/no-accounts';
import { DEFAULT_ADULT_AGE, type HotelSearchForm } from '../state';
import type { SearchVariant } from '../variants';

interface FormValues {
  provider?: string | null;
  destination?: string | null;
  countryCode?: string | null;
  range?: [Dayjs, Dayjs] | null;
  rooms?: { adults?: number; children?: number[] }[];
}

const toValues = (f: HotelSearchForm): FormValues => ({
  provider: f.provider,
  destination: f.destination,
  countryCode: f.countryCode,
  range: [dayjs(f.start), dayjs(f.end)],
  rooms: f.rooms,
});

const AGE_OPTIONS = Array.from({ length: 18 }, (_, age) => ({ value: age, label: age === 1 ? '1 año' : `${age} años` }));

export interface SearchFormProps {
  variant: SearchVariant;
  initial: HotelSearchForm;
  /** The user's accounts of this route's supplier (empty for travesia and the all-suppliers search). */
  accounts: UsableProviderAccount[];
  /** The accounts are still loading: "no accounts" is not known yet (no false message flashes). */
  accountsLoading?: boolean;
  searching: boolean;
  onSearch: (form: HotelSearchForm) => void;
}

/** Destination, nationality, dates, rooms with people and (for one supplier) the provider account: spec §3, §5, §9. */
export function SearchForm({ variant, initial, accounts, accountsLoading = false, searching, onSearch }: SearchFormProps) {
  const [form] = Form.useForm<FormValues>();
  const needsProvider = variant.supplier !== null && variant.supplier !== 'travesia';
  // One account of this supplier: it is the provider, nobody needs to pick it.
  const onlyAccount = accounts.length === 1 ? accounts[0]?._id : undefined;
  useEffect(() => {
    if (needsProvider && onlyAccount && !form.getFieldValue('provider')) form.setFieldValue('provider', onlyAccount);
  }, [form, needsProvider, onlyAccount]);

  const submit = (v: FormValues) => {
    const [start, end] = v.range ?? [];
    if (!start || !end) return;
    onSearch({
      provider: needsProvider ? (v.provider ?? null) : null,
      destination: v.destination ?? null,
      countryCode: v.countryCode ?? null,
      start: start.format('YYYY-MM-DD'),
      end: end.format('YYYY-MM-DD'),
      rooms: (v.rooms ?? []).map((r) => ({ adults: r.adults ?? 2, children: r.children ?? [] })),
    });
  };

  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toValues(initial)}
        onFinish={submit}
        requiredMark={false}
        aria-label="Buscar hoteles"
      >
        <Row gutter={16}>
          {needsProvider && (
            <Col xs={24} md={8}>
              <Form.Item
                name="provider"
                label="Proveedor"
                rules={[{ required: true, message: accounts.length ? 'Seleccione usuario de proveedor' : M.providerRequired }]}
                extra={!accountsLoading && accounts.length === 0 ? <NoAccountsNote /> : undefined}
              >
                <Select
                  placeholder="Seleccione usuario de proveedor"
                  options={accounts.map((a) => ({ value: a._id, label: a.name }))}
                  loading={accountsLoading}
                  disabled={accountsLoading || accounts.length === 0}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={needsProvider ? 16 : 12}>
            <Form.Item name="destination" label="Destino" rules={[{ required: true, message: M.destinationRequired }]}>
              <PlaceAutocomplete aria-label="Destino" placeholder="Ciudad, zona, aeropuerto u hotel (mínimo 3 letras)" />
            </Form.Item>
          </Col>
          <Col xs={24} md={needsProvider ? 8 : 6}>
            <Form.Item name="countryCode" label="Nacionalidad" rules={[{ required: true, message: M.nationalityRequired }]}>
              <CountrySelect aria-label="Nacionalidad" />
            </Form.Item>
          </Col>
          <Col xs={24} md={needsProvider ? 16 : 6}>
            <Form.Item
              name="range"
              label="Entrada y salida"
              rules={[
                { required: true, message: M.checkInRequired },
                {
                  validator: async (_r, value: [Dayjs, Dayjs] | null) => {
                    if (!value?.[0] || !value[1]) return;
                    const nights = value[1].startOf('day').diff(value[0].startOf('day'), 'day');
                    if (nights < 1) throw new Error(M.endBeforeStart);
                    if (nights > 30) throw new Error(M.tooManyNights);
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                format="DD-MM-YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                placeholder={['Entrada', 'Salida']}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>Habitaciones</Typography.Text>
        <Form.List
          name="rooms"
          rules={[
            {
              validator: async (_r, rooms: unknown[] | undefined) => {
                if (!rooms?.length) throw new Error(M.paxRequired);
              },
            },
          ]}
        >
          {(rooms, { add, remove }, { errors }) => (
            <>
              {rooms.map((room, i) => (
                <Flex key={room.key} gap={12} wrap align="start" style={{ marginTop: 8 }} data-testid={`room-${i + 1}`}>
                  <Typography.Text style={{ width: 110, paddingTop: 5 }}>Habitación {i + 1}</Typography.Text>
                  <Form.Item
                    name={[room.name, 'adults']}
                    label={`Adultos (${DEFAULT_ADULT_AGE} años)`}
                    rules={[{ required: true, message: M.paxRequired }]}
                    style={{ marginBottom: 8 }}
                  >
                    <InputNumber min={1} max={8} precision={0} aria-label={`Adultos habitación ${i + 1}`} />
                  </Form.Item>
                  <Form.List name={[room.name, 'children']}>
                    {(kids, kidOps) => (
                      <Flex gap={8} wrap align="end">
                        {kids.map((kid, k) => (
                          <Form.Item
                            key={kid.key}
                            name={kid.name}
                            label={`Edad niño ${k + 1}`}
                            rules={[{ required: true, message: M.childAgeInvalid }]}
                            style={{ marginBottom: 8 }}
                          >
                            <Select
                              options={AGE_OPTIONS}
                              style={{ width: 100 }}
                              aria-label={`Edad niño ${k + 1} habitación ${i + 1}`}
                              suffixIcon={null}
                            />
                          </Form.Item>
                        ))}
                        <Form.Item style={{ marginBottom: 8 }} label=" ">
                          <Flex gap={4}>
                            <Button onClick={() => kidOps.add()} disabled={kids.length >= 4} icon={<PlusOutlined />}>
                              Niño
                            </Button>
                            {kids.length > 0 && (
                              <Button onClick={() => kidOps.remove(kids.length - 1)} aria-label="Quitar niño">
                                −
                              </Button>
                            )}
                          </Flex>
                        </Form.Item>
                      </Flex>
                    )}
                  </Form.List>
                  {rooms.length > 1 && (
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      onClick={() => remove(room.name)}
                      aria-label={`Quitar habitación ${i + 1}`}
                      style={{ marginTop: 30 }}
                    />
                  )}
                </Flex>
              ))}
              <Form.ErrorList errors={errors} />
              <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ adults: 2, children: [] })}
                  disabled={rooms.length >= variant.maxRooms}
                  title={rooms.length >= variant.maxRooms ? M.tooManyRooms(variant.maxRooms) : undefined}
                >
                  Agregar habitación
                </Button>
                <Button type="primary" htmlType="submit" loading={searching}>
                  Buscar
                </Button>
              </Flex>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

import { formatDate, formatMoney, TICKET_BOOKING_MESSAGES as M, type TicketReserveBody } from '@travesia/contracts';
import { Button, Card, Col, Descriptions, Divider, Form, Input, Result, Row, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { FinalConfirmation, useFinalConfirmation } from '../../../shared/booking/checkout/final-confirmation';
import { ReserveConfirmation } from '../../../shared/booking/checkout/reserve-confirmation';
import { ReserveError } from '../../../shared/booking/checkout/reserve-error';
import { HolderFields, type HolderValues, holderBody, trimmed, useHolderMirror } from '../../../shared/booking/travellers/holder-fields';
import { formFieldErrors } from '../../../shared/booking/travellers/holder-requirements';
import { TravellerNameFields } from '../../../shared/booking/travellers/traveller-fields';
import { PageHeader } from '../../../shared/components/page-header';
import { useCountries } from '../../../shared/country-select';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useReserveTicket } from '../api/reserve-ticket';
import { type TicketCheckout, ticketCheckout } from '../state';

interface ReserveValues {
  client: HolderValues;
  participants: { name?: string; surname?: string }[];
  session?: string;
  language?: string;
  pickupPoint?: string;
  answers?: Record<string, string>;
  comments?: string;
}

/**
 * `/tickets/reserve/<supplier>`: holder, every participant, the session, language and pickup the rate
 * offers and the supplier's questions (required ones validated before submit); booked with the
 * checkout's idempotency key, so a retry or a double click answers the same voucher.
 */
export function TicketReservePage({ supplier }: { supplier: string }) {
  const [checkout, setCheckout] = useState<TicketCheckout | null>(() => {
    const c = ticketCheckout.load();
    return c && c.supplier === supplier ? c : null;
  });
  const [form] = Form.useForm<ReserveValues>();
  const navigate = useNavigate();
  const reserve = useReserveTicket();
  const countries = useCountries();
  const inFlight = useRef(false);
  const mirrorHolder = useHolderMirror(form, ['participants', 0]);
  const [error, setError] = useState<ApiError | null>(null);
  // The last step shows what is booked and its cancellation terms; nothing is sent before "Confirmar reserva".
  const submitRef = useRef<(v: ReserveValues) => void>(() => {});
  const finalStep = useFinalConfirmation<ReserveValues>((v) => submitRef.current(v));

  if (!checkout)
    return (
      <Result
        status="info"
        title="No hay una actividad cotizada para reservar"
        subTitle="Busca una actividad y abre sus opciones para continuar."
      />
    );
  if (checkout.voucher) {
    const booked = checkout;
    return (
      <ReserveConfirmation
        voucher={checkout.voucher}
        newSearchPath="/tickets/search"
        onSettled={(voucher) => ticketCheckout.save({ ...booked, voucher })}
      />
    );
  }
  const q = checkout.quote;
  const ages = [...Array<number | null>(q.participants.adults).fill(null), ...q.participants.children];
  const countryName = (code?: string) => countries.data?.find((c) => c.alpha2 === code)?.name ?? code;

  const submit = (v: ReserveValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    const body: TicketReserveBody = {
      type: 'ticket',
      client: holderBody(v.client, countryName),
      companions: ages.map((age, i) => ({
        name: v.participants?.[i]?.name?.trim() ?? '',
        surname: v.participants?.[i]?.surname?.trim() ?? '',
        ...(age === null ? {} : { age }),
      })),
      price: { gross: q.price.amount, currency: q.price.currency },
      bookingCodes: { quoteId: q.quoteId },
      session: v.session,
      language: v.language,
      pickupPoint: v.pickupPoint,
      answers: Object.entries(v.answers ?? {}).map(([code, answer]) => ({ code, answer: answer ?? '' })),
      comments: trimmed(v.comments),
    };
    reserve.mutate(
      { body, idempotencyKey: checkout.idempotencyKey },
      {
        onSuccess: (answer) => {
          const done = { ...checkout, voucher: answer.response };
          ticketCheckout.save(done);
          setCheckout(done);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          applyServerErrors(form, formFieldErrors(err));
          setError(err instanceof ApiError ? err : new ApiError(0, String(err)));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  submitRef.current = submit;

  return (
    <div>
      <PageHeader title="Reservar actividad" subtitle={q.activity.name} />
      <FinalConfirmation
        open={finalStep.open}
        what={`${q.activity.name}: ${ages.length} participante${ages.length === 1 ? '' : 's'}.`}
        price={q.price}
        policy={q.cancellation}
        onConfirm={finalStep.confirm}
        onCancel={finalStep.cancel}
      />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Form<ReserveValues>
            form={form}
            layout="vertical"
            onFinish={finalStep.ask}
            requiredMark={false}
            aria-label="Datos de la reserva"
            onValuesChange={mirrorHolder}
          >
            <Card title="Titular">
              <HolderFields requiredFields={q.requiredHolderFields ?? []} />
            </Card>
            <Card title="Participantes" style={{ marginTop: 16 }}>
              {ages.map((age, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the searched participants are fixed; their position is their identity.
                <TravellerNameFields key={i} path={['participants', i]} label={age === null ? `Adulto ${i + 1}` : `Niño (${age} años)`} />
              ))}
            </Card>
            {(q.sessions.length > 0 || q.languages.length > 0 || q.pickupPoints.length > 0 || q.questions.length > 0) && (
              <Card title="Detalles de la actividad" style={{ marginTop: 16 }}>
                {q.sessions.length > 0 && (
                  <Form.Item name="session" label="Sesión" rules={[{ required: true, message: M.sessionRequired }]}>
                    <Select
                      aria-label="Sesión"
                      options={q.sessions.map((s) => ({ value: s.code, label: s.name }))}
                      onChange={(code: string) => {
                        // A language the new session doesn't offer is cleared rather than sent.
                        const langs = q.sessions.find((s) => s.code === code)?.languages;
                        if (langs && !langs.includes(form.getFieldValue('language'))) form.setFieldValue('language', undefined);
                      }}
                    />
                  </Form.Item>
                )}
                {q.languages.length > 0 && (
                  <Form.Item noStyle dependencies={['session']}>
                    {({ getFieldValue }) => {
                      // A session that lists its own languages offers only those (own tickets, decision 0450).
                      const session = q.sessions.find((s) => s.code === getFieldValue('session'));
                      const offered = session?.languages ? q.languages.filter((l) => session.languages?.includes(l.code)) : q.languages;
                      return (
                        <Form.Item
                          name="language"
                          label="Idioma del guía"
                          extra={session?.languages ? `Idiomas de la sesión de las ${session.name}` : undefined}
                          rules={[
                            { required: offered.length > 0, message: M.languageRequired },
                            {
                              validator: async (_, v?: string) => {
                                if (v && !offered.some((l) => l.code === v)) throw new Error(M.languageUnknown);
                              },
                            },
                          ]}
                        >
                          <Select aria-label="Idioma del guía" options={offered.map((l) => ({ value: l.code, label: l.name }))} />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                )}
                {q.pickupPoints.length > 0 && (
                  <Form.Item name="pickupPoint" label="Punto de recogida">
                    <Select
                      allowClear
                      aria-label="Punto de recogida"
                      options={q.pickupPoints.map((p) => ({ value: p.code, label: [p.name, p.time].filter(Boolean).join(' · ') }))}
                    />
                  </Form.Item>
                )}
                {q.questions.map((x) => (
                  <Form.Item
                    key={x.code}
                    name={['answers', x.code]}
                    label={x.text}
                    rules={x.required ? [{ required: true, whitespace: true, message: M.answerRequired(x.text) }] : []}
                  >
                    <Input />
                  </Form.Item>
                ))}
              </Card>
            )}
            <Card style={{ marginTop: 16 }}>
              <Form.Item name="comments" label="Comentarios" rules={[{ max: 1000, message: 'Máximo 1000 caracteres' }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
              {error && <ReserveError error={error} onRequote={() => navigate(-1)} />}
              <Button type="primary" htmlType="submit" size="large" loading={reserve.isPending} disabled={reserve.isPending}>
                Reservar
              </Button>
            </Card>
          </Form>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Resumen">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'activity', label: 'Actividad', children: q.activity.name },
                { key: 'date', label: 'Día', children: formatDate(q.date) },
                { key: 'pax', label: 'Participantes', children: ages.length },
              ]}
            />
            <Divider style={{ margin: '12px 0' }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {formatMoney(q.price.amount, q.price.currency)}
            </Typography.Title>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import {
  COMMON_CURRENCIES,
  type CreateMarkupBody,
  MARKUP_SUPPLIER_LABELS,
  MARKUP_SUPPLIERS,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
} from '@travesia/contracts';
import { Alert, Card, Col, DatePicker, Form, InputNumber, Row, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../../shared/use-debounced';
import { useMarkupPreview } from '../api/preview-markup';
import { type PreviewSample, previewBody } from '../preview-body';
import { BreakdownView } from './breakdown-view';

const currencyOptions = COMMON_CURRENCIES.map((c) => ({ value: c, label: c }));

/** The panel's fields: the preview's sample with the check-in as the date picker holds it. */
type Sample = Omit<PreviewSample, 'checkIn'> & { checkIn: Dayjs };

/**
 * Live preview of a rule: a sample offer priced by the server with the saved rules plus this form's
 * rule (unsaved), so an admin sees what the rule does before saving it.
 */
export function PreviewPanel({ draft, draftId, isSuper }: { draft: CreateMarkupBody | null; draftId?: string; isSuper: boolean }) {
  const [sample, setSample] = useState<Sample>({
    amount: '100',
    currency: 'USD',
    targetCurrency: 'USD',
    productKind: draft?.productKind ?? 'hotel',
    supplier: draft?.supplier ?? 'travesia',
    nights: 3,
    paxes: 2,
    checkIn: dayjs().add(30, 'day'),
  });
  const set = (patch: Partial<Sample>) => setSample((s) => ({ ...s, ...patch }));
  // follow the rule's own criteria so the sample matches it unless the admin changes the sample
  const kind = draft?.productKind ?? sample.productKind;
  const supplier = draft?.supplier ?? sample.supplier;

  const body = useMemo(
    () => previewBody({ ...sample, productKind: kind, supplier, checkIn: sample.checkIn.format('YYYY-MM-DD') }, draft, draftId),
    [sample, kind, supplier, draft, draftId],
  );
  const debounced = useDebounced(body, 400);
  const preview = useMarkupPreview(debounced);

  return (
    <Card title="Vista previa" size="small" extra={preview.isFetching && <Spin size="small" />}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {isSuper
          ? 'Precio de una oferta de ejemplo con las reglas guardadas y esta regla sin guardar.'
          : 'Precio de una oferta de ejemplo: el costo es lo que paga tu agencia; se aplican tus reglas guardadas y esta regla sin guardar.'}
      </Typography.Paragraph>
      <Form layout="vertical" size="small" component="div">
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item label={isSuper ? 'Costo del proveedor' : 'Costo para la agencia'}>
              <InputNumber
                aria-label="Costo de ejemplo"
                stringMode
                min="0"
                style={{ width: '100%' }}
                value={sample.amount}
                onChange={(v) => set({ amount: v ?? '' })}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="Moneda">
              <Select
                aria-label="Moneda del costo"
                options={currencyOptions}
                value={sample.currency}
                onChange={(currency) => set({ currency })}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="Precio en">
              <Select
                aria-label="Moneda del precio"
                options={currencyOptions}
                value={sample.targetCurrency}
                onChange={(targetCurrency) => set({ targetCurrency })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Producto">
              <Select
                aria-label="Producto (ejemplo)"
                disabled={Boolean(draft?.productKind)}
                value={kind}
                options={PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_LABELS[k] }))}
                onChange={(productKind) => set({ productKind })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Proveedor">
              <Select
                aria-label="Proveedor (ejemplo)"
                disabled={Boolean(draft?.supplier)}
                value={supplier}
                options={MARKUP_SUPPLIERS.map((s) => ({ value: s, label: MARKUP_SUPPLIER_LABELS[s] }))}
                onChange={(v) => set({ supplier: v })}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="Entrada">
              <DatePicker
                aria-label="Entrada (ejemplo)"
                allowClear={false}
                format="DD-MM-YYYY"
                value={sample.checkIn}
                onChange={(d) => d && set({ checkIn: d })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="Noches">
              <InputNumber
                aria-label="Noches (ejemplo)"
                min={0}
                max={365}
                precision={0}
                value={sample.nights}
                onChange={(v) => set({ nights: v ?? 0 })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="Pasajeros">
              <InputNumber
                aria-label="Pasajeros (ejemplo)"
                min={1}
                max={99}
                precision={0}
                value={sample.paxes}
                onChange={(v) => set({ paxes: v ?? 1 })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {preview.error ? (
        <Alert type="warning" showIcon title={(preview.error as Error).message} />
      ) : preview.data ? (
        <BreakdownView b={preview.data.breakdown} />
      ) : (
        <Typography.Text type="secondary">Indica un costo para ver el precio.</Typography.Text>
      )}
    </Card>
  );
}

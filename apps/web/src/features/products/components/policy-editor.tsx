import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { describePolicy, type PolicyDefinition } from '@travesia/contracts';
import { Alert, Button, Checkbox, Flex, Form, InputNumber, Select, Space } from 'antd';

const PENALTY_TYPES = [
  { value: 'nights', label: 'Noches' },
  { value: 'percent', label: '% del total' },
  { value: 'amount', label: 'Importe fijo' },
];

/** The cancellation policy inside the hotel form (field `policy`), with its reading in Spanish. */
export function PolicyEditor({ currency }: { currency: string }) {
  const form = Form.useFormInstance();
  const policy = Form.useWatch('policy', form) as PolicyDefinition | undefined;
  const complete: PolicyDefinition = {
    nonRefundable: Boolean(policy?.nonRefundable),
    rules: (policy?.rules ?? []).filter((r) => r && r.before !== undefined && r.penalty?.value !== undefined && r.penalty.value !== ''),
    noShow: policy?.noShow?.value ? policy.noShow : null,
  };
  return (
    <>
      <Form.Item name={['policy', 'nonRefundable']} valuePropName="checked">
        <Checkbox>No reembolsable</Checkbox>
      </Form.Item>
      {!policy?.nonRefundable && (
        <>
          <Form.List name={['policy', 'rules']}>
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <span>Desde</span>
                    <Form.Item name={[f.name, 'before']} rules={[{ required: true, message: 'Indique el plazo' }]}>
                      <InputNumber min={0} max={365} aria-label="Plazo" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'unit']} initialValue="days">
                      <Select
                        aria-label="Unidad del plazo"
                        style={{ width: 100 }}
                        options={[
                          { value: 'days', label: 'días' },
                          { value: 'hours', label: 'horas' },
                        ]}
                      />
                    </Form.Item>
                    <span>antes de la llegada, penalidad de</span>
                    <Form.Item name={[f.name, 'penalty', 'value']} rules={[{ required: true, message: 'Indique la penalidad' }]}>
                      <InputNumber min={0} step={1} stringMode aria-label="Penalidad" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'penalty', 'type']} initialValue="nights">
                      <Select aria-label="Tipo de penalidad" style={{ width: 140 }} options={PENALTY_TYPES} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="Quitar regla" />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } })}>
                  Agregar regla
                </Button>
              </>
            )}
          </Form.List>
          <Flex gap={8} align="baseline" style={{ marginTop: 16 }}>
            <span>No presentarse:</span>
            <Form.Item name={['policy', 'noShow', 'value']}>
              <InputNumber min={0} stringMode placeholder="sin penalidad" aria-label="Penalidad por no presentarse" />
            </Form.Item>
            <Form.Item name={['policy', 'noShow', 'type']} initialValue="percent">
              <Select aria-label="Tipo de penalidad por no presentarse" style={{ width: 140 }} options={PENALTY_TYPES} />
            </Form.Item>
          </Flex>
        </>
      )}
      <Alert type="info" showIcon message={describePolicy(complete, currency || 'USD')} />
    </>
  );
}

/** The form's policy values (numbers from inputs, empty no-show) as the API's definition. */
export interface PolicyFormValues {
  nonRefundable?: boolean;
  rules?: PolicyDefinition['rules'];
  noShow?: { type: 'percent' | 'nights' | 'amount'; value?: string | number } | null;
}
export function policyFromForm(p: PolicyFormValues | undefined): PolicyDefinition {
  if (p?.nonRefundable) return { nonRefundable: true, rules: [], noShow: null };
  return {
    nonRefundable: false,
    rules: (p?.rules ?? []).map((r) => ({ ...r, penalty: { type: r.penalty.type, value: String(r.penalty.value) } })),
    noShow:
      p?.noShow?.value !== undefined && p.noShow.value !== '' && p.noShow.value !== null
        ? { type: p.noShow.type, value: String(p.noShow.value) }
        : null,
  };
}

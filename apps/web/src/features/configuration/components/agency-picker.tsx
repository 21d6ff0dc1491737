import { Form, Select } from 'antd';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';

/** Super edits any agency's settings: it picks which one first (everyone else edits their own). */
export function AgencyPicker({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const agencies = useAgencyOptions({ enabled: true });
  return (
    <Form.Item label="Agencia" layout="vertical">
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Selecciona una agencia"
        options={agencies.data ?? []}
        loading={agencies.isLoading}
        value={value}
        onChange={onChange}
        aria-label="Agencia"
      />
    </Form.Item>
  );
}

import { Col, Form, Input, Row } from 'antd';
import { required } from './holder-requirements';

/**
 * One traveller's name and surname (both required) in the reserve form, at `path` (e.g.
 * ['companions', room, i]); `label` says who it is ("Adulto 1", "Niño 1 (7 años)").
 */
export function TravellerNameFields({ path, label }: { path: (string | number)[]; label: string }) {
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item name={[...path, 'name']} label={`${label}: nombre`} rules={required('Nombre es obligatorio')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[...path, 'surname']} label={`${label}: apellido`} rules={required('Apellido es obligatorio')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}

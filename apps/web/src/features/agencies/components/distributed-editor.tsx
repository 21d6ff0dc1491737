import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPPLIER_LABELS, SUPPLIERS } from '@travesia/contracts';
import { Button, Col, Empty, Form, Input, Row, Select, Switch } from 'antd';

const providerOptions = SUPPLIERS.map((s) => ({ value: s, label: SUPPLIER_LABELS[s] }));

/** Editor of the distributed Disney or Universal entries {active, name, provider, visible} (spec §3). */
export function DistributedEditor({ kind, label }: { kind: 'disney' | 'universal'; label: string }) {
  return (
    <Form.List name={['distributed', kind]}>
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Sin entradas ${label}`} />}
          {fields.map(({ key, name }) => (
            <Row key={key} gutter={12} align="middle" data-testid={`distributed-${kind}-row`}>
              <Col xs={24} md={9}>
                <Form.Item
                  label="Nombre"
                  name={[name, 'name']}
                  rules={[{ required: true, whitespace: true, message: 'Nombre es obligatorio' }]}
                >
                  <Input aria-label={`Nombre ${label} ${name + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item label="Proveedor" name={[name, 'provider']} rules={[{ required: true, message: 'Proveedor es requerido' }]}>
                  <Select options={providerOptions} aria-label={`Proveedor ${label} ${name + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={8} md={3}>
                <Form.Item label="Activa" name={[name, 'active']} valuePropName="checked">
                  <Switch aria-label={`Activa ${label} ${name + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={8} md={3}>
                <Form.Item label="Visible" name={[name, 'visible']} valuePropName="checked">
                  <Switch aria-label={`Visible ${label} ${name + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={8} md={2}>
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar ${label} ${name + 1}`}
                  onClick={() => remove(name)}
                />
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', provider: 'juniper', active: true, visible: true })}>
            Agregar entrada {label}
          </Button>
        </>
      )}
    </Form.List>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import {
  CATALOGUE_MESSAGES,
  type CatalogueItemDto,
  HOTEL_CATALOGUE_KIND_LABELS,
  HOTEL_CATEGORIES,
  HOTEL_CATEGORY_LABELS,
  type HotelCatalogueKind,
  MESSAGES,
} from '@travesia/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Row,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useHotelCatalogue, useSaveCatalogueItem } from '../api/hotel-catalogue';

const cm = CATALOGUE_MESSAGES;
const KINDS: HotelCatalogueKind[] = ['board', 'amenity', 'room-feature', 'child-age-band'];
const HINTS: Record<HotelCatalogueKind, string> = {
  board: 'Los regímenes son los estándar: se pueden desactivar para dejar de ofrecerlos en el formulario de hoteles.',
  amenity: 'Sugerencias del campo Servicios del hotel (también admite texto libre).',
  'room-feature': 'Sugerencias de las características de cada tipo de habitación.',
  'child-age-band': 'Franjas de edad ofrecidas como edad máxima de niño en los tipos de habitación.',
};

interface EditValues {
  label: string;
  ageFrom?: number;
  ageTo?: number;
  active: boolean;
}
type Editing = { kind: HotelCatalogueKind; item?: CatalogueItemDto };

/**
 * /product/hotel/configuration/: the catalogues own hotels use (decision 0089). Boards, amenities, room
 * features and child age bands are edited here (products:manage); categories are the spec's, fixed.
 */
export function HotelConfiguration() {
  const catalogue = useHotelCatalogue();
  const save = useSaveCatalogueItem();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<EditValues>();
  const { message } = App.useApp();

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(
      e.item
        ? { label: e.item.label, ageFrom: e.item.ageFrom ?? undefined, ageTo: e.item.ageTo ?? undefined, active: e.item.active }
        : { label: '', ageFrom: undefined, ageTo: undefined, active: true },
    );
  };
  const onError = (err: unknown) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']);
  const submit = (v: EditValues) => {
    if (!editing) return;
    const ages = editing.kind === 'child-age-band' ? { ageFrom: v.ageFrom, ageTo: v.ageTo } : {};
    save.mutate(
      editing.item
        ? { id: editing.item._id, update: { label: v.label, active: v.active, ...ages } }
        : { create: { kind: editing.kind, label: v.label, active: v.active, ...ages } },
      {
        onSuccess: () => {
          message.success('Guardado');
          setEditing(null);
        },
        onError,
      },
    );
  };
  const toggle = (item: CatalogueItemDto, active: boolean) =>
    save.mutate(
      { id: item._id, update: { label: item.label, active } },
      { onSuccess: () => message.success(active ? 'Activado' : 'Desactivado'), onError },
    );

  if (catalogue.isLoading) return <Skeleton active />;
  if (catalogue.isError) return <Alert type="error" showIcon message={(catalogue.error as Error).message} />;
  const data = catalogue.data;

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        Configuración de hoteles
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {KINDS.map((kind) => (
          <Col xs={24} lg={12} key={kind}>
            <Card
              size="small"
              title={HOTEL_CATALOGUE_KIND_LABELS[kind]}
              data-testid={`catalogue-${kind}`}
              extra={
                kind !== 'board' && (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => open({ kind })}>
                    Agregar
                  </Button>
                )
              }
            >
              <Typography.Paragraph type="secondary">{HINTS[kind]}</Typography.Paragraph>
              <Table<CatalogueItemDto>
                size="small"
                rowKey="_id"
                pagination={false}
                dataSource={data?.[kind] ?? []}
                columns={[
                  ...(kind === 'board' ? [{ title: 'Código', dataIndex: 'code', width: 80 }] : []),
                  { title: 'Nombre', dataIndex: 'label' },
                  ...(kind === 'child-age-band'
                    ? [{ title: 'Edades', key: 'ages', render: (_: unknown, b: CatalogueItemDto) => `de ${b.ageFrom} a ${b.ageTo} años` }]
                    : []),
                  {
                    title: 'Activo',
                    dataIndex: 'active',
                    width: 80,
                    render: (a: boolean, item) => (
                      <Switch size="small" checked={a} aria-label={`Activo: ${item.label}`} onChange={(v) => toggle(item, v)} />
                    ),
                  },
                  ...(kind !== 'board'
                    ? [
                        {
                          title: '',
                          key: 'edit',
                          width: 80,
                          render: (_: unknown, item: CatalogueItemDto) => (
                            <Button size="small" type="link" onClick={() => open({ kind, item })} aria-label={`Editar ${item.label}`}>
                              Editar
                            </Button>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card size="small" title="Categorías">
            <Typography.Paragraph type="secondary">Las categorías son las del producto y no se editan.</Typography.Paragraph>
            <List size="small" dataSource={[...HOTEL_CATEGORIES]} renderItem={(c) => <List.Item>{HOTEL_CATEGORY_LABELS[c]}</List.Item>} />
          </Card>
        </Col>
      </Row>
      <Modal
        title={editing ? `${editing.item ? 'Editar' : 'Agregar'}: ${HOTEL_CATALOGUE_KIND_LABELS[editing.kind]}` : ''}
        open={Boolean(editing)}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={save.isPending}
        forceRender
      >
        <Form<EditValues> form={form} layout="vertical" onFinish={submit}>
          <Form.Item label="Nombre" name="label" rules={[{ required: true, whitespace: true, max: 80, message: cm.label }]}>
            <Input maxLength={80} />
          </Form.Item>
          {editing?.kind === 'child-age-band' && (
            <Space>
              <Form.Item
                label="Desde (años)"
                name="ageFrom"
                rules={[{ required: true, type: 'integer', min: 0, max: 17, message: cm.ages }]}
              >
                <InputNumber min={0} max={17} precision={0} />
              </Form.Item>
              <Form.Item
                label="Hasta (años)"
                name="ageTo"
                dependencies={['ageFrom']}
                rules={[
                  { required: true, type: 'integer', min: 0, max: 17, message: cm.ages },
                  ({ getFieldValue }) => ({
                    validator: (_, v) =>
                      v === undefined || v === null || v >= (getFieldValue('ageFrom') ?? 0)
                        ? Promise.resolve()
                        : Promise.reject(new Error(cm.ages)),
                  }),
                ]}
              >
                <InputNumber min={0} max={17} precision={0} />
              </Form.Item>
            </Space>
          )}
          <Form.Item label="Activo" name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
          {editing?.item && !editing.item.active && <Tag>Inactivo: no se ofrece en el formulario de hoteles</Tag>}
        </Form>
      </Modal>
    </Card>
  );
}

import {
  MESSAGES,
  PLACE_MESSAGES,
  PLACE_TYPE_LABELS,
  PLACE_TYPES,
  type PlaceBody,
  type PlaceType,
  timeZoneNames,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { CountrySelect } from '../../../shared/country-select';
import { ImageUpload } from '../../../shared/image-upload';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { useGetPlace } from '../api/get-place';
import { useSavePlace } from '../api/save-place';

interface FormValues {
  name: string;
  type?: PlaceType;
  address: string;
  active: boolean;
  parent: string | null;
  lat: number | null;
  lng: number | null;
  images: string[];
  iataCode: string | null;
  countryCode: string | null;
  timeZone: string | null;
}

const m = PLACE_MESSAGES;
const EMPTY: FormValues = {
  name: '',
  address: '',
  active: true,
  parent: null,
  lat: null,
  lng: null,
  images: [],
  iataCode: null,
  countryCode: null,
  timeZone: null,
};

/** /place/create and /place/{id}: the place form with the spec's messages (§5). */
export function PlaceForm() {
  const { id } = useParams();
  const editing = Boolean(id && id !== 'create');
  const placeId = editing ? id : undefined;
  const place = useGetPlace(placeId);
  const save = useSavePlace(placeId);
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const zones = useMemo(() => timeZoneNames().map((z) => ({ value: z, label: z })), []);
  const navigate = useNavigate();
  const { message } = App.useApp();

  useEffect(() => {
    if (place.data) {
      const p = place.data;
      form.setFieldsValue({
        name: p.name,
        type: p.type,
        address: p.address,
        active: p.active,
        parent: p.parent,
        lat: p.lat,
        lng: p.lng,
        images: p.images,
        iataCode: p.iataCode,
        countryCode: p.countryCode,
        timeZone: p.timeZone,
      });
    }
  }, [place.data, form]);

  const submit = (values: FormValues) => {
    const body: PlaceBody = {
      ...values,
      type: values.type as PlaceType,
      iataCode: values.type === 'airport' && values.iataCode ? values.iataCode : null,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        message.success(MESSAGES['common.saved']);
        if (!editing) navigate(`/place/${saved._id}`, { replace: true });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          form.setFields(
            Object.entries(err.fields)
              .filter(([name]) => name in EMPTY)
              .map(([name, error]) => ({ name: name as keyof FormValues, errors: [error] })),
          );
        }
        message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']);
      },
    });
  };

  if (editing && place.isLoading) return <Skeleton active />;
  if (editing && place.isError)
    return <Alert type="error" showIcon message={(place.error as Error).message} action={<Link to="/place/">Volver a lugares</Link>} />;

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {editing ? `Editar lugar: ${place.data?.name ?? ''}` : 'Crear lugar'}
      </Typography.Title>
      {place.data && <Typography.Paragraph type="secondary">{place.data.displayName}</Typography.Paragraph>}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        onFinishFailed={() => message.error(MESSAGES['form.invalid'])}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Nombre"
              name="name"
              rules={[{ required: true, whitespace: true, message: m['place.name.required'] }, { max: 200 }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Tipo" name="type" rules={[{ required: true, message: m['place.type.required'] }]}>
              <Select
                placeholder="Selecciona el tipo"
                options={PLACE_TYPES.map((t) => ({ value: t, label: PLACE_TYPE_LABELS[t] }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label="Dirección"
              name="address"
              rules={[{ required: true, whitespace: true, message: m['place.address.required'] }, { max: 300 }]}
            >
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Ubicado en (lugar padre)" name="parent" extra="El país, estado o ciudad al que pertenece">
              <PlaceAutocomplete excludeId={placeId} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="País" name="countryCode" extra="Si lo dejas vacío se toma el del lugar padre">
              <CountrySelect allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Zona horaria"
              name="timeZone"
              extra="Si la dejas vacía se toma la del lugar padre; las sesiones de los tickets se leen en ella"
            >
              <Select allowClear showSearch options={zones} placeholder="La del lugar padre" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Latitud" name="lat">
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Longitud" name="lng">
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {type === 'airport' && (
            <Col xs={12} md={6}>
              <Form.Item label="Código IATA" name="iataCode" rules={[{ pattern: /^[A-Za-z]{3}$/, message: m['place.iata.invalid'] }]}>
                <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={6}>
            <Form.Item label="Activo" name="active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Imágenes" name="images">
              <ImageUpload />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar
          </Button>
          <Link to="/place/">
            <Button>Volver</Button>
          </Link>
        </Flex>
      </Form>
    </Card>
  );
}

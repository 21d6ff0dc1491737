import { EyeOutlined } from '@ant-design/icons';
import { type SiteContent, type SiteContentInput, WHITE_LABEL_MESSAGES } from '@travesia/contracts';
import { Alert, App, Button, Card, Col, ColorPicker, Flex, Form, Input, Row, Spin, Tag, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../shared/components/not-found';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useSite } from '../api/get-site';
import { useWhiteLabel } from '../api/get-white-label';
import { usePublishSite } from '../api/publish-site';
import { useSaveDraft } from '../api/save-draft';
import { type DestinationItem, FeaturedDestinations } from './featured-destinations';
import { SingleImage } from './single-image';

type Values = Omit<SiteContent, 'featuredDestinations'> & { featuredDestinations: DestinationItem[] };
const m = WHITE_LABEL_MESSAGES;

const toBody = (v: Values): SiteContentInput => ({ ...v, featuredDestinations: (v.featuredDestinations ?? []).map((d) => d.id) });

/**
 * `/whitelabel/{id}/customize`: the storefront's look and texts. Edits go to the draft ("Guardar
 * borrador"); "Vista previa" shows the saved draft; "Publicar" saves and makes it what the storefront shows.
 */
export function CustomizePage() {
  const { id } = useParams();
  const wl = useWhiteLabel(id);
  const site = useSite(id);
  if (wl.isPending || site.isPending) return <Spin />;
  if (!wl.data || !site.data) return <NotFound />;
  return (
    <CustomizeForm
      id={wl.data._id}
      name={wl.data.name}
      slug={wl.data.slug}
      draft={site.data.draft}
      pending={site.data.unpublishedChanges}
      publishedAt={site.data.publishedAt}
    />
  );
}

function CustomizeForm(props: {
  id: string;
  name: string;
  slug: string;
  draft: SiteContent;
  pending: boolean;
  publishedAt: string | null;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveDraft();
  const publish = usePublishSite();

  // Publishing and previewing save first; only a plain save announces "Borrador guardado".
  const saveDraft = async (announce = true) => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ id: props.id, body: toBody(values) });
      if (announce) message.success(m.draftSaved);
      return true;
    } catch (err) {
      if (!applyServerErrors(form, err)) message.error((err as Error).message);
      return false;
    }
  };
  const saveAndPublish = async () => {
    if (!(await saveDraft(false))) return;
    try {
      await publish.mutateAsync(props.id);
      message.success(m.published);
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const preview = async () => {
    if (await saveDraft(false)) navigate(`/whitelabel/${props.id}/preview`);
  };

  const colorField = (name: 'primaryColor' | 'secondaryColor', label: string) => (
    <Form.Item name={name} label={label} getValueFromEvent={(c: Color | null) => (c ? c.toHexString() : null)}>
      <ColorPicker allowClear showText disabledAlpha format="hex" aria-label={label} />
    </Form.Item>
  );

  return (
    <>
      <PageHeader
        title={`Personalizar: ${props.name}`}
        subtitle={
          <Flex gap={8} wrap align="center">
            <span>Tienda pública en</span>
            <Typography.Link href={`/s/${props.slug}`} target="_blank">
              /s/{props.slug}
            </Typography.Link>
            {props.pending ? <Tag color="orange">Cambios sin publicar</Tag> : <Tag color="green">Publicado</Tag>}
          </Flex>
        }
        extra={
          <>
            <Button icon={<EyeOutlined aria-hidden />} onClick={preview} loading={save.isPending}>
              Vista previa
            </Button>
            <Button onClick={() => saveDraft()} loading={save.isPending}>
              Guardar borrador
            </Button>
            <Button type="primary" onClick={saveAndPublish} loading={publish.isPending}>
              Publicar
            </Button>
          </>
        }
      />
      {!props.publishedAt && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="La tienda aún no está publicada: el público la verá cuando la publiques y su estado sea Activo."
        />
      )}
      <Form<Values> form={form} layout="vertical" initialValues={props.draft as Values} onFinish={() => saveDraft()}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card title="Marca" style={{ marginBottom: 16 }}>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="logo" label="Logo" extra="JPEG, PNG o WebP de hasta 5 MB.">
                    <SingleImage />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="favicon" label="Favicon" extra="Cuadrado, se muestra en la pestaña del navegador.">
                    <SingleImage />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  {colorField('primaryColor', 'Color principal')}
                </Col>
                <Col xs={24} sm={12}>
                  {colorField('secondaryColor', 'Color secundario')}
                </Col>
              </Row>
            </Card>
            <Card title="Portada" style={{ marginBottom: 16 }}>
              <Form.Item name="heroImage" label="Imagen de portada">
                <SingleImage />
              </Form.Item>
              <Form.Item name="heroTitle" label="Título de portada">
                <Input maxLength={120} />
              </Form.Item>
              <Form.Item name="heroText" label="Texto de portada">
                <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
              <Form.Item name="featuredDestinations" label="Destinos destacados">
                <FeaturedDestinations />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Soporte" style={{ marginBottom: 16 }}>
              <Form.Item name="supportEmail" label="Correo de soporte" rules={[{ type: 'email', message: m['email.invalid'] }]}>
                <Input type="email" maxLength={254} />
              </Form.Item>
              <Form.Item
                name="supportPhone"
                label="Teléfono de soporte"
                extra="Formato internacional, p. ej. +573001112233"
                rules={[{ pattern: /^\+[1-9][\d\s()-]{6,20}$/, message: m['phone.invalid'] }]}
              >
                <Input inputMode="tel" maxLength={24} />
              </Form.Item>
            </Card>
            <Card title="Páginas legales" style={{ marginBottom: 16 }}>
              <Form.Item name="termsText" label="Términos y condiciones" extra="Texto plano; separa los párrafos con una línea en blanco.">
                <Input.TextArea maxLength={20000} autoSize={{ minRows: 4, maxRows: 12 }} />
              </Form.Item>
              <Form.Item name="privacyText" label="Política de privacidad">
                <Input.TextArea maxLength={20000} autoSize={{ minRows: 4, maxRows: 12 }} />
              </Form.Item>
            </Card>
            <Card title="SEO" style={{ marginBottom: 16 }}>
              <Form.Item name="seoTitle" label="Título SEO" extra="Máximo 70 caracteres; vacío: el nombre del white label.">
                <Input maxLength={70} showCount />
              </Form.Item>
              <Form.Item name="seoDescription" label="Descripción SEO">
                <Input.TextArea maxLength={160} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Card>
          </Col>
        </Row>
      </Form>
    </>
  );
}

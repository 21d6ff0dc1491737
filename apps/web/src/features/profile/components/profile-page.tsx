import {
  MESSAGES,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationPrefs,
  OWN_PROFILE_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Profile,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Form, Input, Row, Spin, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useChangeOwnPassword } from '../api/change-own-password';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileValues {
  profile: Profile;
  notifications: NotificationPrefs;
}
interface PasswordValues {
  currentPassword: string;
  password: string;
  confirm: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** `/profile`: the signed-in user's name, document, which e-mails they want, and their password. */
export function ProfilePage() {
  const { message } = App.useApp();
  const profile = useProfile();
  const save = useUpdateProfile();
  const changePassword = useChangeOwnPassword();
  const [form] = Form.useForm<ProfileValues>();
  const [pwForm] = Form.useForm<PasswordValues>();

  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data);
  }, [profile.data, form]);

  const onSave = async (v: ProfileValues) => {
    try {
      await save.mutateAsync(v);
      message.success(OWN_PROFILE_MESSAGES.saved);
    } catch (err) {
      applyServerErrors(form, err);
      message.error(errorMessage(err));
    }
  };

  const onPassword = async ({ currentPassword, password }: PasswordValues) => {
    try {
      const res = await changePassword.mutateAsync({ currentPassword, password });
      pwForm.resetFields();
      message.success(res.msg ?? OWN_PROFILE_MESSAGES.passwordChanged);
    } catch (err) {
      applyServerErrors(pwForm, err);
      message.error(errorMessage(err));
    }
  };

  if (profile.isLoading) return <Spin />;
  if (profile.error) return <Alert type="error" showIcon title={errorMessage(profile.error)} />;

  return (
    <>
      <PageHeader title="Mi perfil" subtitle={profile.data?.email} />
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Form<ProfileValues> form={form} layout="vertical" onFinish={onSave}>
            <Card title="Datos personales" style={{ marginBottom: 16 }}>
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item name={['profile', 'name']} label="Nombre" rules={required(MESSAGES['profile.name.required'])}>
                    <Input autoComplete="given-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={['profile', 'lastName']} label="Apellido" rules={required(MESSAGES['profile.lastName.required'])}>
                    <Input autoComplete="family-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name={['profile', 'docType']} label="Tipo de documento" rules={required(MESSAGES['profile.docType.required'])}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item name={['profile', 'docNumber']} label="Documento" rules={required(MESSAGES['profile.docNumber.required'])}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={['profile', 'phone']} label="Teléfono">
                    <Input autoComplete="tel" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title="Correos que quiero recibir" style={{ marginBottom: 16 }}>
              {NOTIFICATION_KINDS.map((k) => (
                <Form.Item
                  key={k}
                  name={['notifications', k]}
                  label={NOTIFICATION_KIND_LABELS[k]}
                  valuePropName="checked"
                  layout="horizontal"
                >
                  <Switch checkedChildren="Sí" unCheckedChildren="No" />
                </Form.Item>
              ))}
            </Card>
            <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginBottom: 16 }}>
              Guardar
            </Button>
          </Form>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Cambiar contraseña">
            <Typography.Paragraph type="secondary">
              De {PASSWORD_MIN_LENGTH} a {PASSWORD_MAX_LENGTH} caracteres; una frase larga es más segura que una palabra con símbolos. Tus
              otras sesiones se cerrarán.
            </Typography.Paragraph>
            <Form<PasswordValues> form={pwForm} layout="vertical" onFinish={onPassword}>
              <Form.Item
                name="currentPassword"
                label="Contraseña actual"
                rules={required(OWN_PROFILE_MESSAGES['currentPassword.required'])}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                name="password"
                label="Nueva contraseña"
                rules={[
                  { required: true, message: MESSAGES['password.required'] },
                  { min: PASSWORD_MIN_LENGTH, message: MESSAGES['password.tooWeak'] },
                  { max: PASSWORD_MAX_LENGTH, message: MESSAGES['password.tooLong'] },
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label="Repite la nueva contraseña"
                dependencies={['password']}
                rules={[
                  { required: true, message: 'Repite la nueva contraseña' },
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: string) => {
                      if (v && v !== getFieldValue('password')) throw new Error('Las contraseñas no coinciden');
                    },
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button htmlType="submit" loading={changePassword.isPending}>
                Cambiar contraseña
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}

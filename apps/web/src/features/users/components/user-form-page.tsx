import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  AGENCY_USER_TYPES,
  COMMISSION_TYPE_LABELS,
  COMMISSION_TYPES,
  type CommissionType,
  commissionSchema,
  DOC_TYPE_LABELS,
  DOC_TYPES,
  emailSchema,
  MESSAGES,
  manageableUserTypes,
  profileSchema,
  USER_TYPE_LABELS,
  type User,
  type UserStatus,
  type UserType,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useMe } from '../../../shared/session/use-session';
import { useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { AgencySelect } from './agency-select';

interface Values {
  email: string;
  type: UserType;
  status: UserStatus;
  agencyId?: string | null;
  profile: { name: string; lastName: string; docType?: string; docNumber: string; phone?: string };
  canSeeAllVouchers: boolean;
  commission: { type: CommissionType; value: string | null };
}

const commissionValue = commissionSchema.shape.value.unwrap();

const valuesOf = (u: User): Values => ({
  email: u.email,
  type: u.type,
  status: u.status,
  agencyId: u.agency?._id ?? null,
  profile: { ...u.profile, phone: u.profile.phone ?? '' },
  canSeeAllVouchers: u.canSeeAllVouchers,
  commission: { type: u.commission.type, value: u.commission.value },
});

/** `/user/create` and `/user/{id}`. */
export function UserFormPage() {
  const { id } = useParams();
  const existing = useUser(id);
  if (!id) return <UserForm />;
  if (existing.isPending) return <Skeleton active />;
  if (existing.isError) return <Result status="404" title={errorMessage(existing.error)} />;
  return <UserForm key={existing.data._id} user={existing.data} />;
}

function UserForm({ user }: { user?: User }) {
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const isSelf = user?._id === me.user._id;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const type = Form.useWatch('type', form) ?? user?.type;
  const types = manageableUserTypes(me.user.type);
  const needsAgency = isSuper && !!type && AGENCY_USER_TYPES.includes(type);

  const initialValues: Partial<Values> = user
    ? valuesOf(user)
    : {
        type: types.includes('adviser') ? 'adviser' : types[0],
        status: 'active',
        canSeeAllVouchers: false,
        commission: { type: 'percentage', value: '0' },
        profile: { name: '', lastName: '', docNumber: '', phone: '' },
      };

  const onFinish = (v: Values) => {
    setError(null);
    const body = {
      email: v.email.trim(),
      type: v.type,
      status: v.status,
      profile: { ...v.profile, docType: v.profile.docType ?? '', phone: v.profile.phone?.trim() || undefined },
      canSeeAllVouchers: v.type === 'adviser' ? v.canSeeAllVouchers : false,
      commission: { type: v.commission.type, value: v.commission.value ?? '0' },
      ...(isSuper ? { agencyId: AGENCY_USER_TYPES.includes(v.type) ? (v.agencyId ?? null) : null } : {}),
    };
    const onError = (err: unknown) => {
      applyServerErrors(form, err, { EMAIL_TAKEN: 'email' });
      setError(errorMessage(err));
    };
    if (user) {
      update.mutate(
        { id: user._id, body },
        {
          onSuccess: () => {
            message.success(MESSAGES['common.saved']);
            navigate('/user/');
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (u) => {
          message.success(`Usuario creado. Enviamos a ${u.email} un enlace para elegir su contraseña.`);
          navigate('/user/');
        },
        onError,
      });
    }
  };

  return (
    <>
      <PageHeader
        title={user ? `Editar usuario: ${user.profile.name} ${user.profile.lastName}` : 'Nuevo usuario'}
        subtitle={user ? user.email : 'Le enviaremos un email para que elija su contraseña'}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/user/')}>
            Volver
          </Button>
        }
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        validateTrigger="onBlur"
        onFinish={onFinish}
        onFinishFailed={() => setError(MESSAGES['form.invalid'])}
        scrollToFirstError
        aria-label={user ? 'Editar usuario' : 'Nuevo usuario'}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Card title="Cuenta" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Email" name="email" required rules={[zodRule(emailSchema)]}>
                <Input autoComplete="off" inputMode="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                label="Tipo de usuario"
                name="type"
                required
                rules={[{ required: true, message: 'Tipo de usuario es obligatorio' }]}
              >
                <Select
                  disabled={isSelf}
                  options={types.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))}
                  onChange={() => setError(null)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                label="Activo"
                name="status"
                valuePropName="checked"
                getValueProps={(v: UserStatus) => ({ checked: v === 'active' })}
                normalize={(checked: boolean) => (checked ? 'active' : 'inactive')}
              >
                <Switch disabled={isSelf} checkedChildren="Activo" unCheckedChildren="Inactivo" />
              </Form.Item>
            </Col>
            {needsAgency && (
              <Col xs={24} md={12}>
                <Form.Item
                  label="Agencia"
                  name="agencyId"
                  required
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[{ required: true, message: MESSAGES['user.agencyRequired'] }]}
                >
                  <AgencySelect current={user?.agency} />
                </Form.Item>
              </Col>
            )}
            {type === 'adviser' && (
              <Col xs={24} md={12}>
                <Form.Item
                  label="Puede ver todas las reservas de la agencia"
                  name="canSeeAllVouchers"
                  valuePropName="checked"
                  tooltip="Sin este permiso el asesor solo ve sus propias reservas"
                >
                  <Switch checkedChildren="Sí" unCheckedChildren="No" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>
        <Card title="Perfil" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Nombre" name={['profile', 'name']} required rules={[zodRule(profileSchema.shape.name)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Apellido" name={['profile', 'lastName']} required rules={[zodRule(profileSchema.shape.lastName)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="Tipo de documento"
                name={['profile', 'docType']}
                required
                validateTrigger={['onChange', 'onBlur']}
                rules={[zodRule(profileSchema.shape.docType)]}
              >
                <Select placeholder="Selecciona" options={DOC_TYPES.map((d) => ({ value: d, label: DOC_TYPE_LABELS[d] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Documento" name={['profile', 'docNumber']} required rules={[zodRule(profileSchema.shape.docNumber)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Teléfono" name={['profile', 'phone']}>
                <Input autoComplete="off" inputMode="tel" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="Comisión" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="Tipo de comisión" name={['commission', 'type']}>
                <Select options={COMMISSION_TYPES.map((c) => ({ value: c, label: COMMISSION_TYPE_LABELS[c] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Valor" name={['commission', 'value']} rules={[zodRule(commissionValue)]}>
                <InputNumber<string> stringMode min="0" step="1" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending || update.isPending}>
          {user ? 'Guardar cambios' : 'Crear usuario'}
        </Button>
      </Form>
    </>
  );
}

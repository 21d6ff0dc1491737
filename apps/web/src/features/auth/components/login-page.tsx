import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { canOpen, emailSchema, homePath, MESSAGES } from '@travesia/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { storage } from '../../../lib/storage';
import { FullPageSpin } from '../../../shared/components/full-page-spin';
import { errorMessage } from '../../../shared/forms/server-errors';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useSession } from '../../../shared/session/use-session';
import { type LoginInput, useLogin } from '../api/login';

const passwordRule = { required: true, whitespace: false, message: MESSAGES['password.required'] };

/** `/`: sign-in (spec §2 Login screen, §5, §8). A signed-in visitor goes straight to their home. */
export function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const { state, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;

  if (state.status === 'loading') return <FullPageSpin minHeight={160} />;
  if (state.status === 'authenticated') {
    // Back to the page the guard sent them from, when they may open it; otherwise their home.
    const type = state.me.user.type;
    const wanted = from && from !== '/' && canOpen(from.split('?')[0], type, state.modules) ? from : null;
    return <Navigate to={wanted ?? homePath(type, state.modules)} replace />;
  }

  const onFinish = (values: LoginInput) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (res) => {
        storage.clearSearchState();
        signIn(res, values.remember); // the session turns authenticated and the branch above redirects
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '', password: '', remember: false }}
      onFinish={onFinish}
      onFinishFailed={() => setError(MESSAGES['form.invalid'])}
      onValuesChange={() => error && setError(null)}
      aria-label="Iniciar sesión"
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Iniciar sesión
      </Typography.Title>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Email" name="email" validateTrigger="onBlur" rules={[zodRule(emailSchema)]}>
        <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item label="Contraseña" name="password" validateTrigger="onBlur" rules={[passwordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          visibilityToggle
          iconRender={(visible) =>
            visible ? <EyeOutlined aria-label="Ocultar contraseña" /> : <EyeInvisibleOutlined aria-label="Mostrar contraseña" />
          }
        />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>Recordar este dispositivo</Checkbox>
        </Form.Item>
        <Button type="link" onClick={() => navigate('/request-password')} style={{ paddingInline: 0 }}>
          ¿Olvidaste tu contraseña?
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        Ingresar
      </Button>
    </Form>
  );
}

import { MailOutlined } from '@ant-design/icons';
import { emailSchema, MESSAGES } from '@travesia/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/forms/server-errors';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useRequestPassword } from '../api/request-password';

/** `/request-password`: asks for a recovery link. The answer never tells whether the email exists. */
export function RequestPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const request = useRequestPassword();
  const [error, setError] = useState<string | null>(null);

  if (request.isSuccess) {
    return (
      <Result
        status="success"
        title="Revisa tu correo"
        subTitle={request.data.msg ?? MESSAGES['password.recoverySent']}
        extra={<Link to="/">Volver a iniciar sesión</Link>}
      />
    );
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ email }) => {
        setError(null);
        request.mutate(email, { onError: (err) => setError(errorMessage(err)) });
      }}
      onFinishFailed={() => setError(MESSAGES['form.invalid'])}
      aria-label="Recuperar contraseña"
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Recuperar contraseña
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Escribe el email de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Email" name="email" validateTrigger="onBlur" rules={[zodRule(emailSchema)]}>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        Enviar enlace
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/">Volver a iniciar sesión</Link>
      </div>
    </Form>
  );
}

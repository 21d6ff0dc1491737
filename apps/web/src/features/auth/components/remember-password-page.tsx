import { LockOutlined } from '@ant-design/icons';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SHELL_MESSAGES } from '@travesia/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useChangePassword } from '../api/change-password';

interface Values {
  password: string;
  confirm: string;
}

/**
 * `/remember-password?token=…`: choose a new password from a recovery mail, or the first one from an
 * invitation mail (both carry the same kind of one-time link).
 */
export function RememberPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(token ? null : SHELL_MESSAGES.tokenMissing);

  if (change.isSuccess) {
    return (
      <Result
        status="success"
        title="Contraseña actualizada"
        subTitle={change.data.msg ?? MESSAGES['password.changed']}
        extra={
          <Link to="/">
            <Button type="primary">Iniciar sesión</Button>
          </Link>
        }
      />
    );
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!token}
      onFinish={(v) => {
        setError(null);
        change.mutate(
          { token, password: v.password },
          {
            // A refused password (too short, too common) is the field's error; anything else the link's.
            onError: (err) => {
              if (!applyServerErrors(form, err)) setError(errorMessage(err));
            },
          },
        );
      }}
      onFinishFailed={() => setError(MESSAGES['form.invalid'])}
      aria-label="Cambiar contraseña"
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Elige tu contraseña
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Usa al menos {PASSWORD_MIN_LENGTH} caracteres. Una frase que solo tú conozcas es más segura que una palabra común.
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          description={
            !token || (change.error instanceof ApiError && change.error.code === 'TOKEN_INVALID') ? (
              <Link to="/request-password">Solicitar un enlace nuevo</Link>
            ) : undefined
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Nueva contraseña"
        name="password"
        validateTrigger="onBlur"
        rules={[
          { required: true, message: MESSAGES['password.required'] },
          {
            validator: async (_r, value?: string) => {
              const length = value ? [...value.normalize('NFKC')].length : 0;
              if (value && length < PASSWORD_MIN_LENGTH) throw new Error(MESSAGES['password.tooWeak']);
              if (length > PASSWORD_MAX_LENGTH) throw new Error(MESSAGES['password.tooLong']);
            },
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirmar contraseña"
        name="confirm"
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: SHELL_MESSAGES.passwordConfirmRequired },
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('password')) throw new Error(SHELL_MESSAGES.passwordsDontMatch);
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={change.isPending}>
        Guardar contraseña
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/">Volver a iniciar sesión</Link>
      </div>
    </Form>
  );
}

import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@travesia/contracts/credentials';
import { MESSAGES } from '@travesia/contracts/messages';
import { SHELL_MESSAGES } from '@travesia/contracts/shell-messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { changePassword } from '../api/change-password';
import { ErrorNotice, FormHeading, onSubmit, PasswordField, SubmitButton, SuccessResult, useCall, useFields } from './form-parts';

/**
 * `/remember-password?token=…`: choose a new password from a recovery mail, or the first one from an
 * invitation mail (both carry the same kind of one-time link).
 */
export function RememberPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const call = useCall(changePassword);
  const [error, setError] = useState<string | null>(token ? null : SHELL_MESSAGES.tokenMissing);
  const form = useFields(
    { password: '', confirm: '' },
    {
      password: (v) => newPasswordProblem(v.password),
      confirm: (v) =>
        !v.confirm ? SHELL_MESSAGES.passwordConfirmRequired : v.confirm !== v.password ? SHELL_MESSAGES.passwordsDontMatch : null,
    },
  );

  if (call.data) {
    return (
      <SuccessResult
        title="Contraseña actualizada"
        extra={
          <Link className="si-button" to="/">
            Iniciar sesión
          </Link>
        }
      >
        {call.data.msg ?? MESSAGES['password.changed']}
      </SuccessResult>
    );
  }

  const submit = () => {
    if (call.busy || !token) return;
    if (!form.validate()) {
      setError(MESSAGES['form.invalid']);
      return;
    }
    setError(null);
    call.run(
      { token, password: form.values.password },
      {
        // A refused password (too short, too common) is the field's error; anything else the link's.
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields?.password) form.setError('password', fields.password);
          else setError(fields?.token ?? (err instanceof Error ? err.message : String(err)));
        },
      },
    );
  };
  const linkBroken = !token || (call.error instanceof ApiError && (call.error.code === 'TOKEN_INVALID' || !!call.error.fields?.token));

  return (
    <form noValidate onSubmit={onSubmit(submit)} aria-label="Cambiar contraseña">
      <FormHeading title="Elige tu contraseña">
        Usa al menos {PASSWORD_MIN_LENGTH} caracteres. Una frase que solo tú conozcas es más segura que una palabra común.
      </FormHeading>
      {error && (
        <ErrorNotice
          action={
            linkBroken ? (
              <Link className="si-link" to="/request-password">
                Solicitar un enlace nuevo
              </Link>
            ) : undefined
          }
        >
          {error}
        </ErrorNotice>
      )}
      <fieldset disabled={!token} className="si-fieldset">
        <PasswordField
          label="Nueva contraseña"
          value={form.values.password}
          onValue={(v) => form.set('password', v)}
          onBlur={() => form.blur('password')}
          error={form.errors.password}
          autoComplete="new-password"
          autoFocus
        />
        <PasswordField
          label="Confirmar contraseña"
          value={form.values.confirm}
          onValue={(v) => form.set('confirm', v)}
          onBlur={() => form.blur('confirm')}
          error={form.errors.confirm}
          autoComplete="new-password"
        />
        <SubmitButton busy={call.busy}>Guardar contraseña</SubmitButton>
      </fieldset>
      <div className="si-back">
        <Link className="si-link" to="/">
          Volver a iniciar sesión
        </Link>
      </div>
    </form>
  );
}

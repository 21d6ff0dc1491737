import { emailProblem } from '@travesia/contracts/credentials';
import { MESSAGES } from '@travesia/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { requestPassword } from '../api/request-password';
import { ErrorNotice, FormHeading, MailIcon, onSubmit, SubmitButton, SuccessResult, TextField, useCall, useFields } from './form-parts';

/** `/request-password`: asks for a recovery link. The answer never tells whether the email exists. */
export function RequestPasswordPage() {
  const call = useCall(requestPassword);
  const [error, setError] = useState<string | null>(null);
  const form = useFields({ email: '' }, { email: (v) => emailProblem(v.email) });

  if (call.data) {
    return (
      <SuccessResult
        title="Revisa tu correo"
        extra={
          <Link className="si-link" to="/">
            Volver a iniciar sesión
          </Link>
        }
      >
        {call.data.msg ?? MESSAGES['password.recoverySent']}
      </SuccessResult>
    );
  }

  const submit = () => {
    if (call.busy) return;
    if (!form.validate()) {
      setError(MESSAGES['form.invalid']);
      return;
    }
    setError(null);
    call.run(form.values.email, { onError: (err) => setError(err instanceof Error ? err.message : String(err)) });
  };

  return (
    <form noValidate onSubmit={onSubmit(submit)} aria-label="Recuperar contraseña">
      <FormHeading title="Recuperar contraseña">
        Escribe el email de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
      </FormHeading>
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <TextField
        label="Email"
        value={form.values.email}
        onValue={(v) => form.set('email', v)}
        onBlur={() => form.blur('email')}
        error={form.errors.email}
        icon={<MailIcon />}
        autoComplete="email"
        inputMode="email"
        autoFocus
      />
      <SubmitButton busy={call.busy}>Enviar enlace</SubmitButton>
      <div className="si-back">
        <Link className="si-link" to="/">
          Volver a iniciar sesión
        </Link>
      </div>
    </form>
  );
}

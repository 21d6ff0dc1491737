import type { LoginResponse } from '@travesia/contracts';
import { emailProblem } from '@travesia/contracts/credentials';
import { MESSAGES } from '@travesia/contracts/messages';
import { createContext, useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { storage } from '../../../lib/storage';
import { useSession } from '../../../shared/session/use-session';
import { type LoginInput, login } from '../api/login';
import { ErrorNotice, FormHeading, MailIcon, onSubmit, PasswordField, SubmitButton, TextField, useCall, useFields } from './form-parts';

/**
 * Called when the visitor starts signing in (types into the form, or sends it): the sign-in entry starts
 * downloading the signed-in app then, while the credentials are typed and checked, rather than after the
 * answer (decision 0570). Merely opening the page downloads none of it. Nothing inside the app.
 */
export const SignInStarting = createContext<() => void>(() => undefined);

/**
 * `/`: sign-in (spec §2 Login screen, §5, §8), a plain form without antd (decision 0570). A signed-in visitor
 * never sees it: the sign-in entry only shows it without a session, and the app's `/` sends them home
 * (sign-in-gate.tsx).
 */
export function LoginPage() {
  const { signIn } = useSession();
  const starting = useContext(SignInStarting);
  const navigate = useNavigate();
  const call = useCall<LoginInput, LoginResponse>(login);
  // From the answer until the session takes over (the app's download, in the sign-in entry) the button keeps spinning.
  const [signedIn, setSignedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useFields<LoginInput>(
    { email: '', password: '', remember: false },
    {
      email: (v) => emailProblem(v.email),
      password: (v) => (v.password ? null : MESSAGES['password.required']),
    },
  );
  const change = <K extends keyof LoginInput>(name: K, value: LoginInput[K]) => {
    starting();
    if (error) setError(null);
    form.set(name, value);
  };
  const busy = call.busy || signedIn;

  const submit = () => {
    if (busy) return;
    if (!form.validate()) {
      setError(MESSAGES['form.invalid']);
      return;
    }
    setError(null);
    starting();
    const values = form.values;
    call.run(values, {
      onSuccess: (res) => {
        storage.clearSearchState();
        setSignedIn(true);
        signIn(res, values.remember); // the session turns authenticated: the app takes over and goes home
      },
      onError: (err) => setError(err instanceof Error ? err.message : String(err)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit(submit)} aria-label="Iniciar sesión">
      <FormHeading title="Iniciar sesión" />
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <TextField
        label="Email"
        value={form.values.email}
        onValue={(v) => change('email', v)}
        onBlur={() => form.blur('email')}
        error={form.errors.email}
        icon={<MailIcon />}
        autoComplete="username"
        inputMode="email"
        autoFocus
      />
      <PasswordField
        label="Contraseña"
        value={form.values.password}
        onValue={(v) => change('password', v)}
        onBlur={() => form.blur('password')}
        error={form.errors.password}
        autoComplete="current-password"
      />
      <div className="si-row">
        <label className="si-check">
          <input type="checkbox" checked={form.values.remember} onChange={(e) => change('remember', e.target.checked)} />
          Recordar este dispositivo
        </label>
        <button type="button" className="si-link" onClick={() => navigate('/request-password')}>
          ¿Olvidaste tu contraseña?
        </button>
      </div>
      <SubmitButton busy={busy}>Ingresar</SubmitButton>
    </form>
  );
}

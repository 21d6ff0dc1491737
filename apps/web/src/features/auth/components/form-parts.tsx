import { type FormEvent, type InputHTMLAttributes, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import './sign-in.css';

/**
 * The signed-out screens' pieces in plain HTML and CSS (decision 0570): the sign-in entry downloads no
 * antd, so these draw what antd's Form, Input, Alert, Button and Result drew there, in the same look.
 */

const svg = (path: ReactNode, size = 16) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);
export const MailIcon = () =>
  svg(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>,
  );
export const LockIcon = () =>
  svg(
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>,
  );
const EyeIcon = () =>
  svg(
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  );
const EyeOffIcon = () =>
  svg(
    <>
      <path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </>,
  );
const ErrorIcon = () =>
  svg(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </>,
  );
const SuccessIcon = () =>
  svg(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </>,
    72,
  );

/** A form-level error (antd's Alert type="error"): announced as it appears. */
export function ErrorNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="si-alert">
      <span className="si-alert-icon">
        <ErrorIcon />
      </span>
      <div>
        <div>{children}</div>
        {action && <div className="si-alert-action">{action}</div>}
      </div>
    </div>
  );
}

/** A finished step (antd's Result status="success"): its title is the card's heading. */
export function SuccessResult({ title, children, extra }: { title: string; children: ReactNode; extra: ReactNode }) {
  return (
    <div role="status" className="si-result">
      <span className="si-result-icon">
        <SuccessIcon />
      </span>
      <h2 className="si-result-title">{title}</h2>
      <p className="si-result-text">{children}</p>
      <div>{extra}</div>
    </div>
  );
}

/** The form's title and, optionally, a line of help under it. */
export function FormHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <h2 className="si-title">{title}</h2>
      {children && <p className="si-help">{children}</p>}
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix' | 'type' | 'value' | 'onChange'>;

interface FieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  icon?: ReactNode;
}

/** A labelled text field with its icon and, below it, its error (tied to the input by aria-describedby). */
export function TextField({
  label,
  value,
  onValue,
  error,
  icon,
  type = 'text',
  after,
  ...input
}: FieldProps & { type?: string; after?: ReactNode }) {
  const id = useId();
  return (
    <div className="si-field">
      <label className="si-label" htmlFor={id}>
        {label}
      </label>
      <span className={error ? 'si-input si-input-error' : 'si-input'}>
        {icon && <span className="si-input-icon">{icon}</span>}
        <input
          {...input}
          id={id}
          type={type}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {after}
      </span>
      <div id={`${id}-error`} className="si-field-error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

/** A password field with the button that shows or hides what was typed. */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      icon={props.icon ?? <LockIcon />}
      after={
        <button
          type="button"
          className="si-toggle"
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeIcon /> : <EyeOffIcon />}
        </button>
      }
    />
  );
}

/** The form's main button, full width; while `busy` it spins and further presses are ignored by the form. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="si-button" aria-busy={busy || undefined}>
      {busy && <span className="si-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export type Rules<V> = { [K in keyof V]?: (values: V) => string | null };

/**
 * A form's values and field errors: a field is checked when it loses focus (as the antd forms did with
 * `validateTrigger="onBlur"`), again on each change once it shows an error (so it clears as it is fixed),
 * and every field on submit. `setError` puts a server's message on a field.
 */
export function useFields<V extends { [K in keyof V]: string | boolean }>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const current = useRef({ values, errors });
  current.current = { values, errors };

  const check = (next: V, names: (keyof V)[], prev: Partial<Record<keyof V, string>>) => {
    const out = { ...prev };
    for (const name of names) {
      const problem = rules[name]?.(next) ?? null;
      if (problem) out[name] = problem;
      else delete out[name];
    }
    return out;
  };

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...current.current.values, [name]: value };
    setValues(next);
    // Fields already in error are checked again: the one typed into and those that depend on it (the confirmation).
    const shown = (Object.keys(current.current.errors) as (keyof V)[]).filter((k) => current.current.errors[k]);
    if (shown.length) setErrors(check(next, shown, current.current.errors));
  };
  const blur = (name: keyof V) => setErrors(check(current.current.values, [name], current.current.errors));
  /** Checks every field; true when all pass. */
  const validate = () => {
    const all = check(current.current.values, Object.keys(rules) as (keyof V)[], {});
    setErrors(all);
    return Object.keys(all).length === 0;
  };
  const setError = useCallback((name: keyof V, message: string) => setErrors((e) => ({ ...e, [name]: message })), []);
  return { values, errors, set, blur, validate, setError };
}

/** A submit handler that keeps the page from reloading. */
export const onSubmit = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault();
  fn();
};

/** A call's state for one form: running, its answer, its error. */
export function useCall<A, R>(fn: (arg: A) => Promise<R>) {
  const [state, setState] = useState<{ busy: boolean; data?: R; error?: unknown }>({ busy: false });
  const run = (arg: A, after: { onSuccess?: (r: R) => void; onError?: (e: unknown) => void } = {}) => {
    setState({ busy: true });
    fn(arg).then(
      (data) => {
        setState({ busy: false, data });
        after.onSuccess?.(data);
      },
      (error: unknown) => {
        setState({ busy: false, error });
        after.onError?.(error);
      },
    );
  };
  return { ...state, run };
}

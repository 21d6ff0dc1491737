import { SHELL_MESSAGES } from '@travesia/contracts/shell-messages';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import './plain-layout.css';

/** The compass of the brand (antd's CompassOutlined, drawn here so the sign-in entry needs no icon package). */
function Compass() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="34"
      height="34"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Public pages (spec §2 Plain-layout routes): one centred card over the brand background. Plain HTML and
 * CSS, no antd (decision 0570): the sign-in entry draws it before the app exists; the app's plain pages
 * (the sign-in gate, the sign-out, the external approval) use the same one.
 */
export function PlainLayout() {
  return (
    <div className="plain-page">
      <div className="plain-brand">
        <Compass />
        <div>
          <h1 className="plain-name">{SHELL_MESSAGES.platformName}</h1>
          <span className="plain-tagline">{SHELL_MESSAGES.platformTagline}</span>
        </div>
      </div>
      <main className="plain-card">
        <Suspense fallback={<PlainSpin />}>
          <Outlet />
        </Suspense>
      </main>
      <small className="plain-footer">
        © {new Date().getFullYear()} {SHELL_MESSAGES.platformName}
      </small>
    </div>
  );
}

/** A spinner drawn with CSS, for a plain page whose chunk is on its way (`page`: the whole window, on the brand background). */
export function PlainSpin({ page = false }: { page?: boolean }) {
  return (
    <div className={page ? 'plain-spin plain-page' : 'plain-spin'} role="status">
      <span className="plain-spin-wheel" aria-hidden="true" />
      <span className="plain-visually-hidden">Cargando</span>
    </div>
  );
}

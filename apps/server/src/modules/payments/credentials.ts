import { GATEWAY_CREDENTIAL_FIELDS, maskSecret, type PaymentGateway, type PaymentMode } from '@travesia/contracts';
import type { PaymentGatewayRow } from '../../db/schema/index.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** Associated data: a sealed value opens only on the gateway row and mode it was sealed for. */
const aadFor = (gatewayId: string, mode: PaymentMode) => `payment_gateways:${gatewayId}:${mode}`;

export function sealGatewayCredentials(
  box: SecretBox,
  gatewayId: string,
  mode: PaymentMode,
  credentials: Record<string, string>,
): string | null {
  if (Object.keys(credentials).length === 0) return null;
  const ordered = Object.fromEntries(Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b)));
  return box.seal(JSON.stringify(ordered), aadFor(gatewayId, mode));
}

export function openGatewayCredentials(box: SecretBox, row: PaymentGatewayRow, mode: PaymentMode): Record<string, string> {
  const sealed = mode === 'test' ? row.testCredentialsSealed : row.liveCredentialsSealed;
  if (!sealed) return {};
  const parsed: unknown = JSON.parse(box.open(sealed, aadFor(row.id, mode)));
  const out: Record<string, string> = {};
  if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Non-secret fields as they are, secret ones masked; null when the mode has no credentials. */
export function maskGatewayCredentials(gateway: PaymentGateway, credentials: Record<string, string>): Record<string, string> | null {
  if (Object.keys(credentials).length === 0) return null;
  const out: Record<string, string> = {};
  for (const f of GATEWAY_CREDENTIAL_FIELDS[gateway]) {
    const v = credentials[f.key];
    if (v) out[f.key] = f.secret ? maskSecret(v) : v;
  }
  return out;
}

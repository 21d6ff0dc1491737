import { API_KEY_SCOPE_LABELS, type ApiKey, WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@travesia/contracts';

const label = <T extends string>(table: Record<T, string>, key: string) => (table as Record<string, string>)[key] ?? 'Sin definir';

export const scopeLabel = (scope: string) => label(API_KEY_SCOPE_LABELS, scope);
export const eventLabel = (event: string) => label(WEBHOOK_EVENT_LABELS, event);

/** A key's state in the list. */
export function keyState(key: Pick<ApiKey, 'revokedAt'>): { text: string; color: 'success' | 'default' } {
  return key.revokedAt ? { text: 'Revocada', color: 'default' } : { text: 'Activa', color: 'success' };
}

/** A delivery's state in the log: what happened and, for failures, the receiver's answer. */
export function deliveryState(d: Pick<WebhookDelivery, 'status' | 'attempts' | 'lastStatusCode' | 'lastError'>): {
  text: string;
  color: 'success' | 'processing' | 'error';
} {
  if (d.status === 'delivered') return { text: `Entregado${d.lastStatusCode ? ` (${d.lastStatusCode})` : ''}`, color: 'success' };
  const why = d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '');
  if (d.status === 'failed') return { text: `Falló tras ${d.attempts} intentos${why ? `: ${why}` : ''}`, color: 'error' };
  if (d.attempts === 0) return { text: 'En cola', color: 'processing' };
  return { text: `Reintentando (${d.attempts} ${d.attempts === 1 ? 'intento' : 'intentos'}${why ? `, ${why}` : ''})`, color: 'processing' };
}

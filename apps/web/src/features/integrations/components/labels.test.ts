import { describe, expect, it } from 'vitest';
import { deliveryState, eventLabel, keyState, scopeLabel } from './labels';

describe('integrations labels', () => {
  it('names scopes and events in Spanish, unknown ones "Sin definir"', () => {
    expect(scopeLabel('vouchers:read')).toBe('Consultar reservas');
    expect(eventLabel('voucher.cancelled')).toBe('Reserva cancelada');
    expect(eventLabel('otro')).toBe('Sin definir');
  });

  it('tells active from revoked keys', () => {
    expect(keyState({ revokedAt: null })).toEqual({ text: 'Activa', color: 'success' });
    expect(keyState({ revokedAt: '2026-11-24T10:00:00Z' }).text).toBe('Revocada');
  });

  it('describes each delivery state with the receiver answer', () => {
    expect(deliveryState({ status: 'pending', attempts: 0, lastStatusCode: null, lastError: null }).text).toBe('En cola');
    expect(deliveryState({ status: 'pending', attempts: 2, lastStatusCode: 500, lastError: 'HTTP 500' })).toEqual({
      text: 'Reintentando (2 intentos, HTTP 500)',
      color: 'processing',
    });
    expect(deliveryState({ status: 'delivered', attempts: 3, lastStatusCode: 204, lastError: null }).text).toBe('Entregado (204)');
    expect(deliveryState({ status: 'failed', attempts: 8, lastStatusCode: null, lastError: 'Destino no permitido' }).text).toBe(
      'Falló tras 8 intentos: Destino no permitido',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconTreatment, isAntdIconName } from './icon-names';

describe('Spanish icon names', () => {
  it('hides an icon inside a named control or beside text', () => {
    expect(iconTreatment('download', { inNamedControl: true, besideText: false })).toEqual({ hide: true });
    expect(iconTreatment('environment', { inNamedControl: false, besideText: true })).toEqual({ hide: true });
  });

  it('names a lone icon in Spanish, or hides it when it only decorates', () => {
    expect(iconTreatment('check-circle', { inNamedControl: false, besideText: false })).toEqual({ hide: false, label: 'Completado' });
    expect(iconTreatment('close', { inNamedControl: false, besideText: false })).toEqual({ hide: false, label: 'Cerrar' });
    expect(iconTreatment('compass', { inNamedControl: false, besideText: false })).toEqual({ hide: true });
  });

  it('never keeps the English file name', () => {
    for (const [name, label] of Object.entries(ICON_NAMES)) expect(label).not.toBe(name);
  });

  it("leaves a name our code gave an icon (the password toggle's) alone", () => {
    expect(isAntdIconName('eye-invisible')).toBe(true);
    expect(isAntdIconName('check')).toBe(true);
    expect(isAntdIconName('Mostrar contraseña')).toBe(false);
    expect(isAntdIconName('Ocultar')).toBe(false);
  });
});

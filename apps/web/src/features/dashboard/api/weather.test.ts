import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWeather, LocationRefused, LocationUnavailable, WeatherFailed, weatherErrorText } from './weather';

/** Issue 15: with the location allowed but the weather service unreachable, the card must not ask for the location. */
const located = { coords: { latitude: 4.65, longitude: -74.05 } };
function browser(
  geo: (ok: (p: unknown) => void, fail: (e: { code: number; message: string }) => void) => void,
  fetch: () => Promise<unknown>,
) {
  vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: geo } });
  vi.stubGlobal('fetch', vi.fn(fetch));
}
const answer = (body: unknown, ok = true) => Promise.resolve({ ok, status: ok ? 200 : 503, json: () => Promise.resolve(body) });
afterEach(() => vi.unstubAllGlobals());

describe('the weather card says which part failed', () => {
  it('a refused location asks for the location (spec §8)', async () => {
    browser(
      (_ok, fail) => fail({ code: 1, message: 'denied' }),
      () => answer({}),
    );
    const err = await getWeather().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocationRefused);
    expect(weatherErrorText(err)).toBe('Error al cargar los datos del clima. Por favor, permite el acceso a tu ubicación.');
  });

  it('no position (unavailable, timeout, no geolocation) is "Ubicación no disponible"', async () => {
    browser(
      (_ok, fail) => fail({ code: 3, message: 'timeout' }),
      () => answer({}),
    );
    const err = await getWeather().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocationUnavailable);
    expect(weatherErrorText(err)).toBe('Ubicación no disponible');
    vi.stubGlobal('navigator', {});
    expect(weatherErrorText(await getWeather().catch((e: unknown) => e))).toBe('Ubicación no disponible');
  });

  it('location given, weather service unreachable or failing: says the service failed, never asks for the location', async () => {
    browser(
      (ok) => ok(located),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const unreachable = await getWeather().catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(WeatherFailed);
    expect(weatherErrorText(unreachable)).toBe('No se pudo consultar el servicio del clima. Inténtalo de nuevo en unos minutos.');
    browser(
      (ok) => ok(located),
      () => answer({ error: true }, false),
    );
    expect(weatherErrorText(await getWeather().catch((e: unknown) => e))).not.toMatch(/ubicación/);
  });

  it('location and service answer: the weather, the place when the geocoder answers', async () => {
    browser(
      (ok) => ok(located),
      () =>
        answer({
          current: { temperature_2m: 14.2, relative_humidity_2m: 81, wind_speed_10m: 6.1, weather_code: 3 },
          city: 'Bogotá',
          countryName: 'Colombia',
        }),
    );
    expect(await getWeather()).toEqual({ place: 'Bogotá, Colombia', temperature: 14.2, humidity: 81, wind: 6.1, code: 3 });
  });
});

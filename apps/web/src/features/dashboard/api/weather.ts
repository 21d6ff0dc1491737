import { useQuery } from '@tanstack/react-query';

/** Keyless services by default (docs/decisions/0055-voucher-libraries.md); both URLs are configurable. */
const GEOCODE_URL = import.meta.env.VITE_GEOCODE_URL ?? 'https://api.bigdatacloud.net/data/reverse-geocode-client';
const WEATHER_URL = import.meta.env.VITE_WEATHER_URL ?? 'https://api.open-meteo.com/v1/forecast';

/** The browser has no location to give (no geolocation, no fix, a timeout). */
export class LocationUnavailable extends Error {}
/** The user (or the browser's settings) refused the location: the spec's message asks to allow it. */
export class LocationRefused extends Error {}
/** The location was had, the weather service was not (unreachable, an error, a reply without weather). */
export class WeatherFailed extends Error {}

export interface Weather {
  place: string | null;
  temperature: number;
  humidity: number | null;
  wind: number | null;
  code: number;
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new LocationUnavailable('no geolocation'));
    // GeolocationPositionError: 1 PERMISSION_DENIED; 2 POSITION_UNAVAILABLE and 3 TIMEOUT leave no position either.
    navigator.geolocation.getCurrentPosition(
      resolve,
      (err) => reject(err.code === 1 ? new LocationRefused(err.message) : new LocationUnavailable(err.message)),
      {
        timeout: 10_000,
        maximumAge: 15 * 60_000,
      },
    );
  });
}

/**
 * Browser location → reverse geocoding (place name) → current weather. Fails with LocationRefused,
 * LocationUnavailable or WeatherFailed, so the card says which: asking for the location only when it was refused.
 */
export async function getWeather(signal?: AbortSignal): Promise<Weather> {
  const { coords } = await position();
  const lat = coords.latitude.toFixed(4);
  const lon = coords.longitude.toFixed(4);
  const weatherUrl = new URL(WEATHER_URL);
  weatherUrl.search = new URLSearchParams({
    latitude: lat,
    longitude: lon,
    current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code',
    timezone: 'auto',
  }).toString();
  const geoUrl = new URL(GEOCODE_URL);
  geoUrl.search = new URLSearchParams({ latitude: lat, longitude: lon, localityLanguage: 'es' }).toString();
  const [w, g] = await Promise.all([
    fetch(weatherUrl, { signal }).then(
      (r) => (r.ok ? r.json() : Promise.reject(new WeatherFailed(String(r.status)))),
      (err: unknown) => Promise.reject(signal?.aborted ? err : new WeatherFailed(err instanceof Error ? err.message : 'unreachable')),
    ),
    fetch(geoUrl, { signal })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null),
  ]);
  const cur = w?.current;
  if (!cur || typeof cur.temperature_2m !== 'number') throw new WeatherFailed('bad weather answer');
  const place = g ? [g.city || g.locality, g.countryName].filter(Boolean).join(', ') || null : null;
  return {
    place,
    temperature: cur.temperature_2m,
    humidity: cur.relative_humidity_2m ?? null,
    wind: cur.wind_speed_10m ?? null,
    code: cur.weather_code ?? -1,
  };
}

/** Spec §8: the location refused. */
const LOCATION_REFUSED = 'Error al cargar los datos del clima. Por favor, permite el acceso a tu ubicación.';
export const LOCATION_UNAVAILABLE = 'Ubicación no disponible';
/** The location was given but the weather service did not answer (not in the spec: issue 15). */
const SERVICE_FAILED = 'No se pudo consultar el servicio del clima. Inténtalo de nuevo en unos minutos.';

/** What the card says for a failure: only a refused location asks for the location. */
export function weatherErrorText(error: unknown): string {
  if (error instanceof LocationRefused) return LOCATION_REFUSED;
  if (error instanceof LocationUnavailable) return LOCATION_UNAVAILABLE;
  return SERVICE_FAILED;
}

export const useWeather = () =>
  useQuery({ queryKey: ['weather'], queryFn: ({ signal }) => getWeather(signal), retry: false, staleTime: 15 * 60_000 });

/** WMO weather codes in Spanish. */
export function weatherLabel(code: number): string {
  if (code === 0) return 'Despejado';
  if (code <= 2) return 'Parcialmente nublado';
  if (code === 3) return 'Nublado';
  if (code === 45 || code === 48) return 'Niebla';
  if (code >= 51 && code <= 57) return 'Llovizna';
  if (code >= 61 && code <= 67) return 'Lluvia';
  if (code >= 71 && code <= 77) return 'Nieve';
  if (code >= 80 && code <= 82) return 'Chubascos';
  if (code >= 85 && code <= 86) return 'Chubascos de nieve';
  if (code >= 95) return 'Tormenta';
  return 'Sin definir';
}

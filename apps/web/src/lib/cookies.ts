export const TOKEN_COOKIE = 'adm-kd-token';

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** `; Secure` when the page came over https, so the browser never sends the token over plain http. */
const secure = () => (globalThis.location?.protocol === 'https:' ? '; Secure' : '');

export function writeCookie(name: string, value: string, expires?: Date) {
  const exp = expires ? `; expires=${expires.toUTCString()}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie; the Cookie Store API is not in every browser agencies use.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure()}${exp}`;
}

export function deleteCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict${secure()}`;
}

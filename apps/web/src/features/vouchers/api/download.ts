import { MESSAGES, type VoucherFilter } from '@travesia/contracts';
import { ApiError } from '../../../lib/api';
import { readCookie, TOKEN_COOKIE } from '../../../lib/cookies';

/** Fetches a file with the session token and hands it to the browser as a download. */
async function download(path: string, query: Record<string, string | number | undefined>, fallbackName: string) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query)) if (v) url.searchParams.set(k, String(v));
  const token = readCookie(TOKEN_COOKIE);
  const res = await fetch(url, { headers: token ? { 'x-access-token': token } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body?.msg ?? MESSAGES['http.internal'], body?.code);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** GET /api/voucher/export: the filtered list as CSV or Excel (built and streamed by the server). */
export const exportVouchers = (filter: VoucherFilter, format: 'csv' | 'xlsx') =>
  download('/api/voucher/export', { ...filter, format }, `reservas.${format}`);

/** GET /api/voucher/{id}/pdf: the printable voucher generated on the server. */
export const downloadVoucherPdf = (id: string) => download(`/api/voucher/${encodeURIComponent(id)}/pdf`, {}, 'voucher.pdf');

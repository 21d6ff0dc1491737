import { MESSAGES, type UploadedFile } from '@travesia/contracts';
import { ApiError } from '../lib/api';
import { readCookie, TOKEN_COOKIE } from '../lib/cookies';

/** POST /api/file/upload (multipart field `file`): answers the stored name and its web sizes. */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers['x-access-token'] = token;
  let res: Response;
  try {
    res = await fetch('/api/file/upload', { method: 'POST', body: form, headers, signal });
  } catch {
    throw new ApiError(0, MESSAGES['http.unavailable'], 'NETWORK');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data?.msg ?? MESSAGES['http.internal'], data?.code);
  return data as UploadedFile;
}

import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/api';

/** Field errors of a 400 (dotted paths such as `profile.name`) put on their form fields; true when any was. */
export function applyServerErrors(form: FormInstance, err: unknown, extra: Record<string, string> = {}): boolean {
  const fields: Record<string, string> = { ...(err instanceof ApiError ? (err.fields ?? {}) : {}) };
  if (err instanceof ApiError && err.code && extra[err.code]) fields[extra[err.code]] = err.message;
  const list = Object.entries(fields)
    .filter(([path]) => path !== '_')
    .map(([path, message]) => ({ name: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [message] }));
  if (list.length) form.setFields(list);
  return list.length > 0;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

import { inspect } from 'node:util';
import {
  credentialIssues,
  MASK_CHAR,
  maskSecret,
  PROVIDER_MESSAGES,
  SUPPLIER_CREDENTIAL_FIELDS,
  type SupplierId,
} from '@travesia/contracts';
import type { SecretBox } from '../../lib/secret-box.js';

export type Credentials = Record<string, string>;

/** Associated data: a sealed value opens only on the row it was sealed for. */
const aadFor = (accountId: string) => `provider_accounts:${accountId}:credentials`;

export function sealCredentials(box: SecretBox, accountId: string, credentials: Credentials): string {
  const ordered = Object.fromEntries(Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b)));
  return box.seal(JSON.stringify(ordered), aadFor(accountId));
}

export function openCredentials(box: SecretBox, accountId: string, sealed: string): Credentials {
  const parsed: unknown = JSON.parse(box.open(sealed, aadFor(accountId)));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('sealed credentials are not an object');
  const out: Credentials = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** What a client sees: non-secret fields as they are, secret ones masked. */
export function maskCredentials(supplier: SupplierId, credentials: Credentials): Credentials {
  const out: Credentials = {};
  for (const f of SUPPLIER_CREDENTIAL_FIELDS[supplier]) {
    const value = credentials[f.key];
    if (value) out[f.key] = f.secret ? maskSecret(value) : value;
  }
  return out;
}

/**
 * Applies an edit to stored credentials: a field left out, or sent back as its current mask, keeps
 * the stored value; an empty string clears an optional field; any other value replaces it. Answers
 * the merged credentials or the issues (field -> Spanish message): every required field must end up
 * set, whatever was stored before (a create merges onto nothing).
 */
export function mergeCredentials(
  supplier: SupplierId,
  stored: Credentials,
  input: Credentials,
): { credentials: Credentials; issues: Record<string, string> } {
  const merged: Credentials = { ...stored };
  const issues: Record<string, string> = {};
  const secretKeys = new Set(SUPPLIER_CREDENTIAL_FIELDS[supplier].filter((f) => f.secret).map((f) => f.key));
  for (const [key, value] of Object.entries(input)) {
    if (value.includes(MASK_CHAR)) {
      if (secretKeys.has(key) && stored[key] && value === maskSecret(stored[key])) continue;
      issues[key] = PROVIDER_MESSAGES.credentialMasked;
      continue;
    }
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return { credentials: merged, issues: { ...credentialIssues(supplier, merged, false), ...issues } };
}

/**
 * Makes a decrypted credentials object safe to log by accident: JSON serialisation (pino) and
 * util.inspect (console) both print '[redacted]', while property access works as usual.
 */
export function guardCredentials(credentials: Credentials): Credentials {
  const guarded = { ...credentials };
  Object.defineProperty(guarded, 'toJSON', { value: () => '[redacted]', enumerable: false });
  Object.defineProperty(guarded, inspect.custom, { value: () => '[redacted]', enumerable: false });
  return guarded;
}

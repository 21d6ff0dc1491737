import type { ProviderAccount } from '@travesia/contracts';
import type { ProviderAccountRow } from '../../db/schema/index.js';

export interface PresentableAccount {
  account: ProviderAccountRow;
  template: ProviderAccountRow | null;
  /** Already masked: the presenter never sees a secret. */
  maskedCredentials: Record<string, string>;
  credentialsReadable: boolean;
  linkedAccounts?: number;
}

export function toProviderAccountDto(p: PresentableAccount): ProviderAccount {
  const { account, template } = p;
  return {
    _id: account.id,
    kind: account.agencyId ? 'agency' : 'template',
    agencyId: account.agencyId,
    supplier: account.supplier,
    name: account.name,
    active: account.active,
    shared: account.shared,
    template: template ? { _id: template.id, name: template.name, active: template.active } : null,
    credentials: p.maskedCredentials,
    credentialsReadable: p.credentialsReadable,
    settings: {
      currency: account.settings.currency,
      nationality: account.settings.nationality,
      language: account.settings.language,
      timeouts: account.settings.timeouts ?? {},
    },
    ...(p.linkedAccounts !== undefined ? { linkedAccounts: p.linkedAccounts } : {}),
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** Whose accounts a screen manages: the signed-in agency's, one agency's (super), or the templates (super). */
export type ProviderScope = { kind: 'own' } | { kind: 'agency'; agencyId: string } | { kind: 'template' };

/** The API collection of a scope (server: modules/provider-account/routes.ts). */
export function basePath(scope: ProviderScope): string {
  if (scope.kind === 'own') return '/api/provider-account';
  if (scope.kind === 'agency') return `/api/agency/${encodeURIComponent(scope.agencyId)}/provider-account`;
  return '/api/provider-template';
}

export const providerKeys = {
  all: ['provider-accounts'] as const,
  list: (scope: ProviderScope, params: object) => ['provider-accounts', 'list', scope, params] as const,
  templates: (scope: ProviderScope) => ['provider-accounts', 'linkable-templates', scope] as const,
};

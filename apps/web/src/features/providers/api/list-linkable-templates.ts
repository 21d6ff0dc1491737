import { useQuery } from '@tanstack/react-query';
import type { LinkableTemplate } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope, providerKeys } from './scope';

/** GET …/templates: the templates an agency account may link to (never their credentials). */
export const listLinkableTemplates = (scope: ProviderScope) => api<LinkableTemplate[]>(`${basePath(scope)}/templates`);

export function useLinkableTemplates(scope: ProviderScope) {
  return useQuery({
    queryKey: providerKeys.templates(scope),
    queryFn: () => listLinkableTemplates(scope),
    enabled: scope.kind !== 'template',
  });
}

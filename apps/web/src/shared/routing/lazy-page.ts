import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any page component, whatever its props (React.lazy's own bound).
type AnyPage = ComponentType<any>;

/**
 * A route's page loaded on demand (code split by route, issue 15 item 6, decision 0381): the feature's
 * `routes.tsx` names the module and the exported component; the layouts' <Suspense> shows a spinner
 * while its chunk loads. The page keeps its props' type.
 */
export function lazyPage<M extends Record<K, AnyPage>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

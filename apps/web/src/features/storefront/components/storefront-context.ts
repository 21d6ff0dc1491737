// The context lives in shared/ so the storefront entry's shell (features/storefront-home) provides the same one.
export { StorefrontSiteContext, useStorefront } from '../../../shared/storefront/site-context';

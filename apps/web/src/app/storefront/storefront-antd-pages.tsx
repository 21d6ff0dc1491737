import { StorefrontLegalPage } from '../../features/storefront/components/storefront-legal-page';
import { StorefrontOrderPage } from '../../features/storefront-shop/pages/order-page';

/** The storefront entry's antd pages, one chunk loaded after the home (storefront-router.tsx). */
export { StorefrontCheckoutPage } from '../../features/storefront-shop/pages/checkout-page';
export { StorefrontOrderPage } from '../../features/storefront-shop/pages/order-page';
export { StorefrontResultsPage } from '../../features/storefront-shop/pages/results-page';
export { StorefrontAntdSection } from './storefront-antd-section';

export const TermsPage = () => <StorefrontLegalPage kind="terms" />;
export const PrivacyPage = () => <StorefrontLegalPage kind="privacy" />;
export const StorefrontLookupPage = () => <StorefrontOrderPage lookup />;

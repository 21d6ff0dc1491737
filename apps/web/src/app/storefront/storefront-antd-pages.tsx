import { StorefrontLegalPage } from '../../features/storefront/components/storefront-legal-page';
import { StorefrontOrderPage } from '../../features/storefront-shop/pages/order-page';

/** The storefront entry's antd pages, one chunk loaded after the home (storefront-router.tsx). */
export { StorefrontCheckoutPage } from '../../features/storefront-shop/pages/checkout-page';
export { StorefrontOrderPage } from '../../features/storefront-shop/pages/order-page';
export { StorefrontTicketCheckoutPage } from '../../features/storefront-shop/pages/ticket-checkout-page';
export { StorefrontTicketResultsPage } from '../../features/storefront-shop/pages/ticket-results-page';
export { StorefrontTransferCheckoutPage } from '../../features/storefront-shop/pages/transfer-checkout-page';
export { StorefrontTransferResultsPage } from '../../features/storefront-shop/pages/transfer-results-page';
export { StorefrontAntdSection } from './storefront-antd-section';

export const TermsPage = () => <StorefrontLegalPage kind="terms" />;
export const PrivacyPage = () => <StorefrontLegalPage kind="privacy" />;
export const StorefrontLookupPage = () => <StorefrontOrderPage lookup />;

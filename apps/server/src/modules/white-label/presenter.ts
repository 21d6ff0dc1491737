import {
  type DnsRecord,
  EMPTY_SITE_CONTENT,
  type SiteContent,
  type SiteVersions,
  type StorefrontSite,
  type WhiteLabel,
} from '@travesia/contracts';
import type { WhiteLabelRow } from '../../db/schema/index.js';

export interface HostSettings {
  /** Subdomains live under it; null: the platform offers none. */
  baseDomain: string | null;
  /** What a custom domain's CNAME points to. */
  cnameTarget: string;
}

/** A stored version with every field (older rows may lack ones added later). */
export const contentOf = (stored: Partial<SiteContent> | null | undefined): SiteContent => ({ ...EMPTY_SITE_CONTENT, ...(stored ?? {}) });

export function dnsRecordsOf(row: Pick<WhiteLabelRow, 'subdomain' | 'customDomain'>, hosts: HostSettings): DnsRecord[] {
  const records: DnsRecord[] = [];
  if (row.subdomain && hosts.baseDomain)
    records.push({ type: 'CNAME', name: `${row.subdomain}.${hosts.baseDomain}`, value: hosts.cnameTarget });
  if (row.customDomain) records.push({ type: 'CNAME', name: row.customDomain, value: hosts.cnameTarget });
  return records;
}

export function toWhiteLabelDto(row: WhiteLabelRow, agencyName: string, hosts: HostSettings): WhiteLabel {
  return {
    _id: row.id,
    agencyId: row.agencyId,
    agencyName,
    name: row.name,
    status: row.status,
    slug: row.slug,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    products: row.products,
    currency: row.currency,
    language: row.language,
    markupPercent: row.markupPercent,
    holdMinutes: row.holdMinutes,
    addresses: {
      path: `/s/${row.slug}`,
      subdomain: row.subdomain && hosts.baseDomain ? `${row.subdomain}.${hosts.baseDomain}` : null,
      customDomain: row.customDomain,
    },
    dnsRecords: dnsRecordsOf(row, hosts),
    published: !!row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const same = (a: SiteContent, b: SiteContent) => JSON.stringify(a) === JSON.stringify(b);

export function toSiteVersions(row: WhiteLabelRow): SiteVersions {
  const draft = contentOf(row.draft);
  const published = row.published ? contentOf(row.published) : null;
  return {
    whiteLabelId: row.id,
    draft,
    draftUpdatedAt: row.draftUpdatedAt?.toISOString() ?? null,
    published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    unpublishedChanges: !published || !same(draft, published),
  };
}

/**
 * The public storefront's view of one version: the white label's name, what it sells and shows, its
 * look and texts. Never the agency, the markup, the addresses of others or any cost.
 */
export function toStorefrontSite(row: WhiteLabelRow, content: SiteContent, publishedAt: Date | null): StorefrontSite {
  return {
    slug: row.slug,
    name: row.name,
    products: row.products,
    currency: row.currency,
    language: row.language,
    branding: { logo: content.logo, favicon: content.favicon, primaryColor: content.primaryColor, secondaryColor: content.secondaryColor },
    hero: { title: content.heroTitle, text: content.heroText, image: content.heroImage },
    featuredDestinations: content.featuredDestinations,
    support: { email: content.supportEmail, phone: content.supportPhone },
    legal: { terms: content.termsText, privacy: content.privacyText },
    seo: { title: content.seoTitle ?? row.name, description: content.seoDescription },
    publishedAt: publishedAt?.toISOString() ?? null,
  };
}

import {
  type CreateWhiteLabelValues,
  enabledModules,
  gatewayAccepts,
  PAYMENT_MESSAGES,
  type SiteContent,
  type SiteContentValues,
  type StorefrontSite,
  type UpdateWhiteLabelValues,
  WHITE_LABEL_MESSAGES,
  type whiteLabelListQuery,
} from '@travesia/contracts';
import type { z } from 'zod';
import type { AgencyRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { FileService } from '../file/service.js';
import { contentOf, type HostSettings, toSiteVersions, toStorefrontSite, toWhiteLabelDto } from './presenter.js';
import type { WhiteLabelRepository, WhiteLabelWithAgency } from './repository.js';

const m = WHITE_LABEL_MESSAGES;
type ListQuery = z.output<typeof whiteLabelListQuery>;
type AddressFields = Pick<CreateWhiteLabelValues, 'slug' | 'subdomain' | 'customDomain'>;

/**
 * White labels (issue 20, decisions 0320–0322). An agency admin manages their own agency's (when the
 * agency has the `white-labels` module); super manages any agency's. The scope comes from the session:
 * another agency's white label answers 404. The public storefront reads only active, published ones.
 */
export class WhiteLabelService {
  constructor(
    private readonly d: {
      repo: WhiteLabelRepository;
      agencies: AgencyRepository;
      files: Pick<FileService, 'missing' | 'markPublic'>;
      hosts: HostSettings & { platformHost: string };
    },
  ) {}

  async list(actor: AuthContext, query: ListQuery) {
    const agencyId = this.isSuper(actor) ? query.agencyId : this.ownAgency(actor);
    const { rows, total } = await this.d.repo.list({ agencyId, q: query.q, status: query.status }, query.page, query.limit);
    return { docs: rows.map((r) => this.dto(r)), total };
  }

  async get(actor: AuthContext, id: string) {
    return this.dto(await this.find(actor, id));
  }

  async create(actor: AuthContext, input: CreateWhiteLabelValues) {
    const agency = await this.agencyFor(actor, input.agencyId);
    this.checkProducts(agency, input.products);
    await this.checkAddresses(input);
    const row = await this.d.repo.insert({ ...this.columns(input), agencyId: agency.id, updatedBy: actor.user.id });
    return this.get(actor, row.id);
  }

  async update(actor: AuthContext, id: string, input: UpdateWhiteLabelValues) {
    const current = await this.find(actor, id);
    const agency = await this.d.agencies.findById(current.wl.agencyId);
    if (!agency) throw notFound(m.notFound);
    this.checkProducts(agency, input.products);
    await this.checkAddresses(input, id);
    await this.checkCurrency(id, input.currency);
    await this.d.repo.update(id, { ...this.columns(input), updatedBy: actor.user.id });
    return this.get(actor, id);
  }

  async site(actor: AuthContext, id: string) {
    return toSiteVersions((await this.find(actor, id)).wl);
  }

  /**
   * Saves the draft. Images must be names the file module answered; destinations must be places that
   * exist (their names are stored, so the storefront needs no second lookup).
   */
  async saveDraft(actor: AuthContext, id: string, input: SiteContentValues) {
    await this.find(actor, id);
    const images = (['logo', 'favicon', 'heroImage'] as const).filter((f) => input[f]);
    const missing = new Set(await this.d.files.missing(images.map((f) => input[f] as string)));
    const bad = images.filter((f) => missing.has(input[f] as string));
    if (bad.length) throw badRequest(m['image.missing'], Object.fromEntries(bad.map((f) => [f, m['image.missing']])));
    const found = await this.d.repo.places(input.featuredDestinations);
    const byId = new Map(found.map((p) => [p.id, p]));
    if (byId.size !== input.featuredDestinations.length) {
      throw badRequest(m['destinations.missing'], { featuredDestinations: m['destinations.missing'] });
    }
    const draft: SiteContent = {
      ...input,
      featuredDestinations: input.featuredDestinations.map((pid) => {
        const p = byId.get(pid);
        return { id: pid, name: p?.name ?? '', description: [...(p?.ancestorNames ?? [])].reverse().join(', ') };
      }),
    };
    const row = await this.d.repo.update(id, { draft, draftUpdatedAt: new Date(), updatedBy: actor.user.id });
    if (!row) throw notFound(m.notFound);
    return toSiteVersions(row);
  }

  /** Draft → published. Its images become public (anyone may load the storefront). */
  async publish(actor: AuthContext, id: string) {
    const { wl } = await this.find(actor, id);
    if (!wl.draftUpdatedAt) throw badRequest(m['publish.empty']);
    const draft = contentOf(wl.draft);
    const images = [draft.logo, draft.favicon, draft.heroImage].filter((x): x is string => !!x);
    if (images.length) await this.d.files.markPublic(images);
    const row = await this.d.repo.publish(id, actor.user.id);
    if (!row) throw notFound(m.notFound);
    return toSiteVersions(row);
  }

  /** "Vista previa": the draft as the storefront would show it (signed-in managers only). */
  async preview(actor: AuthContext, id: string): Promise<StorefrontSite> {
    const { wl } = await this.find(actor, id);
    return toStorefrontSite(wl, contentOf(wl.draft), null);
  }

  /** The public storefront: active white labels with a published version, nothing else. */
  async publicSite(slug: string): Promise<StorefrontSite> {
    const row = await this.d.repo.findLiveBySlug(slug.toLowerCase());
    if (!row?.published) throw notFound(m['storefront.notFound']);
    return toStorefrontSite(row, contentOf(row.published), row.publishedAt);
  }

  /**
   * Which storefront answers on a host (decision 0322): `{label}.{base domain}` is a subdomain, any
   * other host but the platform's is looked up as a custom domain.
   */
  async byHost(hostname: string): Promise<{ slug: string }> {
    const host = hostname.trim().toLowerCase().replace(/\.$/, '');
    const { baseDomain, platformHost } = this.d.hosts;
    let row: Awaited<ReturnType<WhiteLabelRepository['findLiveByHost']>>;
    if (host && host !== platformHost) {
      const suffix = baseDomain ? `.${baseDomain}` : null;
      const label = suffix && host.endsWith(suffix) ? host.slice(0, -suffix.length) : null;
      row =
        label && !label.includes('.')
          ? await this.d.repo.findLiveByHost({ subdomain: label })
          : await this.d.repo.findLiveByHost({ customDomain: host });
    }
    if (!row) throw notFound(m['host.notFound']);
    return { slug: row.slug };
  }

  private dto(r: WhiteLabelWithAgency) {
    return toWhiteLabelDto(r.wl, r.agencyName, this.d.hosts);
  }

  private columns(input: UpdateWhiteLabelValues) {
    return {
      name: input.name,
      status: input.status,
      slug: input.slug,
      subdomain: input.subdomain,
      customDomain: input.customDomain,
      products: input.products,
      currency: input.currency,
      language: input.language,
      markupPercent: input.markupPercent,
      holdMinutes: input.holdMinutes,
    };
  }

  private async find(actor: AuthContext, id: string): Promise<WhiteLabelWithAgency> {
    const own = this.isSuper(actor) ? null : this.ownAgency(actor);
    const found = await this.d.repo.findById(id);
    if (!found || (own && found.wl.agencyId !== own)) throw notFound(m.notFound);
    return found;
  }

  private isSuper(actor: AuthContext) {
    return actor.user.type === 'super';
  }

  /** An agency admin's own agency, which must have the white-labels module. */
  private ownAgency(actor: AuthContext): string {
    if (!actor.user.agencyId) throw notFound(m.notFound);
    if (!actor.modules.includes('white-labels')) throw forbidden(m.moduleDisabled);
    return actor.user.agencyId;
  }

  private async agencyFor(actor: AuthContext, requested: string | undefined): Promise<AgencyRow> {
    const id = this.isSuper(actor) ? requested : this.ownAgency(actor);
    if (!id) throw badRequest(m.agencyRequired, { agencyId: m.agencyRequired });
    const agency = await this.d.agencies.findById(id);
    if (!agency) throw badRequest(m.agencyNotFound, { agencyId: m.agencyNotFound });
    return agency;
  }

  /** What a storefront sells must be enabled for its agency. */
  private checkProducts(agency: AgencyRow, products: readonly string[]) {
    const enabled = new Set<string>(enabledModules(agency.options));
    const refused = products.filter((p) => !enabled.has(p));
    if (refused.length) throw badRequest(m['products.notEnabled'], { products: `${m['products.notEnabled']}: ${refused.join(', ')}` });
  }

  /** The active payment gateway must charge in the display currency (decision 0560), else the save is refused. */
  private async checkCurrency(id: string, currency: string) {
    const gateway = await this.d.repo.activeGateway(id);
    if (!gateway || gatewayAccepts(gateway, currency)) return;
    const message = PAYMENT_MESSAGES.currencyNotAccepted(gateway, currency);
    throw badRequest(message, { currency: message }, 'GATEWAY_CURRENCY_UNSUPPORTED');
  }

  private async checkAddresses(input: AddressFields, exceptId?: string) {
    const { baseDomain, platformHost } = this.d.hosts;
    if (input.subdomain && !baseDomain) {
      throw badRequest(m['subdomain.unavailable'], { subdomain: m['subdomain.unavailable'] });
    }
    const domain = input.customDomain;
    if (domain && (domain === platformHost || domain === baseDomain || (baseDomain && domain.endsWith(`.${baseDomain}`)))) {
      throw badRequest(m['domain.platform'], { customDomain: m['domain.platform'] });
    }
    const taken = await this.d.repo.taken(input, exceptId);
    const field = taken.slug ? 'slug' : taken.subdomain ? 'subdomain' : taken.customDomain ? 'customDomain' : null;
    if (field) {
      const message = m[field === 'slug' ? 'slug.taken' : field === 'subdomain' ? 'subdomain.taken' : 'domain.taken'];
      throw new AppError(409, 'WHITE_LABEL_ADDRESS_TAKEN', message, { [field]: message });
    }
  }
}

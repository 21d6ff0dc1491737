import {
  type AgencyAppearanceValues,
  type AgencyAppSettingsValues,
  type AgencyBranding,
  DEFAULT_TIME_ZONE,
  imageUrl,
  MESSAGES,
  SETTINGS_MESSAGES,
} from '@travesia/contracts';
import type { Db } from '../../db/client.js';
import type { AgencyRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { FileService } from '../file/service.js';
import { toAppearanceDto, toAppSettingsDto, toBranding } from './presenter.js';
import type { AgencySettingsRepository } from './repository.js';
import { voucherBrandingOf } from './voucher-branding.js';

const IMAGE_FIELDS = ['logoLight', 'logoDark', 'favicon'] as const;
const SERVED_PREFIX = '/api/file/serve/';

/**
 * /configuration/app and /configuration/appearance (issue 16): an agency admin edits their own
 * agency's settings, super names the agency (the route's permission keeps advisers out).
 */
export class AgencySettingsService {
  constructor(
    private readonly d: {
      db: Db;
      repo: AgencySettingsRepository;
      agencies: AgencyRepository;
      files: Pick<FileService, 'missing' | 'markPublic' | 'png'>;
    },
  ) {}

  async getApp(actor: AuthContext, requested?: string) {
    const agency = await this.agencyOf(actor, requested);
    return toAppSettingsDto(agency, await this.d.repo.find(agency.id));
  }

  /** Saves everything at once; a new zone recounts the agency's dashboard days in the same transaction. */
  async putApp(actor: AuthContext, input: AgencyAppSettingsValues, requested?: string) {
    const agency = await this.agencyOf(actor, requested);
    const row = await inTransaction(this.d.db, async (tx) => {
      const before = await this.d.repo.find(agency.id, tx);
      const saved = await this.d.repo.upsert(
        agency.id,
        {
          timeZone: input.timeZone,
          deadlineShiftDays: input.deadlineShiftDays,
          profile: {
            legalName: input.legalName,
            tradeName: input.tradeName,
            taxId: input.taxId,
            address: input.address,
            city: input.city,
            country: input.country,
            phone: input.phone,
            website: input.website,
            billingEmail: input.billingEmail,
          },
          defaults: {
            currency: input.defaultCurrency,
            language: input.language,
            nationality: input.defaultNationality,
            adults: input.defaultAdults,
            children: input.defaultChildren,
          },
          notificationEmails: input.notificationEmails,
          updatedBy: actor.user.id,
        },
        tx,
      );
      if ((before?.timeZone ?? DEFAULT_TIME_ZONE) !== saved.timeZone) await this.d.repo.rebuildDailyStats(agency.id, tx);
      return saved;
    });
    return toAppSettingsDto(agency, row);
  }

  async getAppearance(actor: AuthContext, requested?: string) {
    const agency = await this.agencyOf(actor, requested);
    return toAppearanceDto(agency, await this.d.repo.find(agency.id));
  }

  /**
   * Images are names the file module answered (it checked type and size); a name never uploaded is
   * refused. They become public: e-mails and the external approval page show the logo to anyone.
   * The light logo is also the agency's `logo`, so every place that already shows it follows.
   */
  async putAppearance(actor: AuthContext, input: AgencyAppearanceValues, requested?: string) {
    const agency = await this.agencyOf(actor, requested);
    const images = IMAGE_FIELDS.map((f) => [f, input[f]] as const).filter(
      (e): e is readonly [(typeof IMAGE_FIELDS)[number], string] => !!e[1],
    );
    const missing = new Set(await this.d.files.missing(images.map(([, name]) => name)));
    const bad = images.filter(([, name]) => missing.has(name));
    if (bad.length) {
      throw badRequest(SETTINGS_MESSAGES['image.missing'], Object.fromEntries(bad.map(([f]) => [f, SETTINGS_MESSAGES['image.missing']])));
    }
    if (images.length) await this.d.files.markPublic(images.map(([, name]) => name));
    const logo = input.logoLight ? imageUrl(input.logoLight) : agency.logo?.startsWith(SERVED_PREFIX) ? null : agency.logo;
    const { row, updated } = await inTransaction(this.d.db, async (tx) => {
      const saved = await this.d.repo.upsert(
        agency.id,
        {
          appearance: {
            primaryColor: input.primaryColor,
            logoLight: input.logoLight,
            logoDark: input.logoDark,
            favicon: input.favicon,
            voucherHeader: input.voucherHeader,
            voucherFooter: input.voucherFooter,
          },
          updatedBy: actor.user.id,
        },
        tx,
      );
      const next = await this.d.agencies.update(agency.id, { theme: input.theme, logo }, tx);
      return { row: saved, updated: next ?? agency };
    });
    return toAppearanceDto(updated, row);
  }

  /** Zone, logo, header and footer of an agency's voucher PDFs. */
  voucherBranding(agencyId: string) {
    return voucherBrandingOf(agencyId, { settings: this.d.repo, files: this.d.files });
  }

  /** What the session carries for the shell: zone and look of the user's agency (null for platform staff). */
  async brandingOf(agency: AgencyRow | null): Promise<AgencyBranding | null> {
    if (!agency) return null;
    return toBranding(agency, await this.d.repo.find(agency.id));
  }

  /** The session's agency; super must name one that exists. */
  private async agencyOf(actor: AuthContext, requested?: string): Promise<AgencyRow> {
    const id = actor.user.type === 'super' ? requested : actor.user.agencyId;
    if (actor.user.type === 'super' && !id) {
      throw badRequest(SETTINGS_MESSAGES.agencyRequired, { agencyId: SETTINGS_MESSAGES.agencyRequired });
    }
    const agency = id ? await this.d.agencies.findById(id) : undefined;
    if (!agency) throw notFound(MESSAGES['agency.notFound']);
    return agency;
  }
}

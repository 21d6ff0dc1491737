import { BASE_CURRENCY, type ExchangeRate, type ExchangeRateAdmin, type ExchangeRatesInput, PRICING_MESSAGES } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { normaliseDecimal } from '../../lib/decimal.js';
import { convert, rateTable } from '../../pricing/index.js';
import { pricingFailure } from '../pricing/service.js';
import type { ExchangeRateRepository, RateWithSetter } from './repository.js';

const nameOf = (p: RateWithSetter['setByProfile']) => [p?.name, p?.lastName].filter(Boolean).join(' ').trim();

/** A rate as every signed-in user reads it: the setter by name only, never the e-mail (decision 0141). */
export function toRateDto({ rate, setByProfile }: RateWithSetter): ExchangeRate {
  return {
    _id: rate.id,
    currency: rate.currency.trim(),
    unitsPerUsd: normaliseDecimal(rate.unitsPerUsd),
    validFrom: rate.validFrom.toISOString(),
    setBy: rate.setBy ? { name: nameOf(setByProfile) } : null,
    createdAt: rate.createdAt.toISOString(),
  };
}

/** A rate as super reads it (history, changes): who set it, with the e-mail. */
export function toRateAdminDto(r: RateWithSetter): ExchangeRateAdmin {
  const { rate, setByEmail, setByProfile } = r;
  return {
    ...toRateDto(r),
    setBy: rate.setBy ? { _id: rate.setBy, name: nameOf(setByProfile), email: setByEmail ?? '' } : null,
  };
}

/**
 * Exchange rates against USD, maintained by super. A new rate is a new row valid from an instant, so
 * any past price can be re-derived with the rate of its time; a missing rate is an error, never 1:1.
 */
export class ExchangeRateService {
  constructor(private readonly repo: ExchangeRateRepository) {}

  async list(at: Date) {
    return { base: BASE_CURRENCY, at: at.toISOString(), rates: (await this.repo.validAt(at)).map(toRateDto) };
  }

  /** The rates in force, as super reads them (answer of a change). */
  async listForAdmin(at: Date) {
    return { base: BASE_CURRENCY, at: at.toISOString(), rates: (await this.repo.validAt(at)).map(toRateAdminDto) };
  }

  async history(currency: string | undefined) {
    return (await this.repo.history(currency)).map(toRateAdminDto);
  }

  async put(actor: AuthContext, { rates, validFrom }: ExchangeRatesInput) {
    const from = validFrom ? new Date(validFrom) : new Date();
    try {
      await this.repo.insertMany(
        rates.map((r) => ({ currency: r.currency, unitsPerUsd: r.unitsPerUsd, validFrom: from, setBy: actor.user.id })),
      );
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw new AppError(409, 'RATE_EXISTS', PRICING_MESSAGES['rate.exists']);
      throw err;
    }
    return this.listForAdmin(new Date(Math.max(from.getTime(), Date.now())));
  }

  /** `amount` of `from` in `to` with the rates valid at `at`, rounded for `to`. */
  async convert(amount: string, from: string, to: string, at: Date = new Date()) {
    const rows = await this.repo.validAt(
      at,
      [from, to].filter((c) => c !== BASE_CURRENCY),
    );
    const table = rateTable(Object.fromEntries(rows.map(({ rate }) => [rate.currency.trim(), rate.unitsPerUsd])));
    try {
      return { ...convert(table, amount, from, to), currency: to };
    } catch (err) {
      return pricingFailure(err);
    }
  }
}

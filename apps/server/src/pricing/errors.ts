/** Why the engine could not price an offer; the service turns it into a Spanish 4xx. */
export class PricingError extends Error {
  constructor(
    readonly code: 'RATE_MISSING' | 'INVALID_COST' | 'INVALID_RULE',
    message: string,
    readonly currency?: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

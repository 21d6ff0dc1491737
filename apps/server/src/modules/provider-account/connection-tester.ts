import { PROVIDER_MESSAGES } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../../suppliers/account.js';
import { unavailableError } from './errors.js';

export interface ConnectionTestResult {
  ok: boolean;
  /** Spanish text for the person testing; raw supplier text never goes here. Defaults to ours. */
  message?: string;
  latencyMs?: number;
}

/**
 * "Probar conexión" asks this; the supplier registry implements it (one adapter per supplier
 * authenticates with the resolved account against `account.baseUrl`). `signal` aborts when the
 * service's time limit passes.
 */
export interface ConnectionTester {
  testConnection(account: ResolvedProviderAccount, signal: AbortSignal): Promise<ConnectionTestResult>;
}

/** Until the supplier registry is wired in (services.ts), a test answers 503 rather than pretending. */
export const unwiredConnectionTester: ConnectionTester = {
  async testConnection() {
    throw unavailableError(PROVIDER_MESSAGES.testUnavailable, 'TEST_UNAVAILABLE');
  },
};

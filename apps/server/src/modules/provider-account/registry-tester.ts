import type { SupplierRegistry } from '../../suppliers/index.js';
import type { ConnectionTester } from './connection-tester.js';

/** "Probar conexión" through the supplier adapters: a cheap authenticated call per product key pair. */
export function registryConnectionTester(registry: SupplierRegistry): ConnectionTester {
  return {
    async testConnection(account) {
      const started = Date.now();
      const result = await registry.testConnection(account);
      const failed = result.checks.filter((c) => !c.ok);
      return {
        ok: result.ok,
        latencyMs: Date.now() - started,
        message: result.ok ? undefined : [...new Set(failed.map((c) => c.message))].join(' · '),
      };
    },
  };
}

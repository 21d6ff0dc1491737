import type { Config } from '../../config.js';

/**
 * Where sandbox-mode accounts send their requests. The one place to rewire when the supplier
 * simulator publishes its URL on the app's deps: `SUPPLIER_SIM_URL`, else the local simulator port.
 */
export function simulatorBaseUrl(config: Pick<Config, 'SUPPLIER_SIM_URL' | 'SUPPLIER_SIM_PORT'>): string {
  return config.SUPPLIER_SIM_URL ?? `http://127.0.0.1:${config.SUPPLIER_SIM_PORT}`;
}

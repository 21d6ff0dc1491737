export { AIRPORTS, DESTINATIONS, type Hotel as SimHotel, hotelsOf } from './core/inventory.js';
export { SANDBOX_SECRET, SCENARIOS, type Scenario, type SimOptions } from './core/sim.js';
export {
  PAYMENT_SANDBOX_CREDENTIALS,
  PAYMENT_SCENARIO_LABELS,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
} from './payments/core.js';
export { buildPaymentSimulator, type RunningPaymentSimulator, startPaymentSimulator } from './payments/server.js';
export { buildSimulator, type RunningSimulator, startSimulator } from './server.js';

export { AIRPORTS, DESTINATIONS } from './core/inventory.js';
export { SANDBOX_SECRET, SCENARIOS, type Scenario, type SimOptions } from './core/sim.js';
export { buildSimulator, type RunningSimulator, startSimulator } from './server.js';

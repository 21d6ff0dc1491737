import type { Services } from '../services.js';

/**
 * The background jobs of a process, wired in one place (the composition root): `start.ts` starts them once the
 * server listens; closing the app stops them before the database closes (tests build the app and never start them).
 */
const workersOf = (s: Services) => [
  // Supplier bookings whose answer was lost, looked up by our reference until they settle.
  s.recoveryWorker,
  // Mails queued in the outbox (recovery, invitations) retried until SMTP takes them.
  s.outbox,
  // Deadline reminders and pre-reservation expiry: safe in every process at once (decision 0264).
  s.deadlineJob,
  // Payment settlements whose seller handler has not succeeded, and Wompi checkouts that expired unpaid.
  s.paymentJob,
  // Storefront orders left in 'booking' by a process that died before the supplier answered (decision 0421).
  s.storefrontSweep,
];

export function startWorkers(services: Services): void {
  for (const w of workersOf(services)) w.start();
}

export async function stopWorkers(services: Services): Promise<void> {
  for (const w of workersOf(services).reverse()) await w.stop();
  await services.webhookSender.close();
}

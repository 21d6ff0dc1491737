import { DEADLINE_KIND_LABELS, formatDate, formatDateTime, VOUCHER_STATUS_LABELS, type VoucherStatus } from '@travesia/contracts';
import type { Mail } from '../../lib/mailer.js';
import type { DeadlineWithVoucher } from './repository.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reminder of one deadline, to the agency side (never to the traveller). */
export function deadlineReminderMail(to: string, d: DeadlineWithVoucher, offsetDays: number, link: string, timeZone: string): Mail {
  const when = offsetDays === 1 ? 'en menos de un día' : `en ${offsetDays} días o menos`;
  const subject = `Vence ${when}: ${DEADLINE_KIND_LABELS[d.kind]} · ${d.reference}`;
  const lines = [
    `Plazo: ${DEADLINE_KIND_LABELS[d.kind]}`,
    `Vence: ${formatDateTime(d.dueAt, timeZone)}`,
    `Referencia: ${d.reference}`,
    `Producto: ${d.productName ?? 'Sin definir'}`,
    `Fecha del servicio: ${d.startDate ? formatDate(d.startDate) : 'Sin fecha'}`,
    `Estado: ${VOUCHER_STATUS_LABELS[d.status as VoucherStatus] ?? 'Sin definir'}`,
  ];
  const intro = `Un plazo de la reserva ${d.reference} vence ${when}.`;
  return {
    to,
    subject,
    text: [intro, '', ...lines, '', `Ver la reserva: ${link}`].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p><a href="${link}">Ver la reserva</a></p>`,
    ].join(''),
  };
}

import { DEFAULT_TIME_ZONE, formatDate, formatMoney, PRODUCT_KIND_LABELS, VOUCHER_STATUS_LABELS } from '@travesia/contracts';
import type { VoucherRow } from '../../db/schema/index.js';
import type { Mail } from '../../lib/mailer.js';
import type { MailLook } from '../agency-settings/mail-context.js';

/** Bogotá, no logo, no footer: an agency that configured nothing (and the tests). */
const PLAIN: MailLook = { timeZone: DEFAULT_TIME_ZONE, logoUrl: null, footer: null };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function summary(v: VoucherRow): string[] {
  const dates = v.startDate ? `${formatDate(v.startDate)}${v.endDate ? ` al ${formatDate(v.endDate)}` : ''}` : 'Sin fecha';
  return [
    `Referencia: ${v.externalBookingReference}${v.locator ? ` · Localizador: ${v.locator}` : ''}`,
    `${PRODUCT_KIND_LABELS[v.type]}: ${v.productName ?? v.product.name ?? ''}`,
    `Fechas: ${dates}`,
    `Titular: ${[v.client.name, v.client.surname].filter(Boolean).join(' ')}`,
    `Total: ${formatMoney(v.priceGross, v.priceCurrency)}`,
    `Estado: ${VOUCHER_STATUS_LABELS[v.status]}`,
  ];
}

function build(
  to: string,
  subject: string,
  intro: string,
  v: VoucherRow,
  link?: { href: string; label: string },
  outro?: string,
  look: MailLook = PLAIN,
): Mail {
  const lines = summary(v);
  const footer = look.footer ? [look.footer] : [];
  return {
    to,
    subject,
    text: [
      intro,
      '',
      ...lines,
      ...(link ? ['', `${link.label}: ${link.href}`] : []),
      ...(outro ? ['', outro] : []),
      '',
      v.agencyName,
      ...footer,
    ].join('\n'),
    html: [
      look.logoUrl ? `<p><img src="${escapeHtml(look.logoUrl)}" alt="${escapeHtml(v.agencyName)}" style="max-height:60px"></p>` : '',
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      link ? `<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>` : '',
      outro ? `<p>${escapeHtml(outro)}</p>` : '',
      `<p>${escapeHtml(v.agencyName)}</p>`,
      ...footer.map((f) => `<p style="color:#666;font-size:12px">${escapeHtml(f)}</p>`),
    ].join(''),
  };
}

export const confirmationMail = (to: string, v: VoucherRow, voucherUrl?: string, look?: MailLook) =>
  build(
    to,
    `Reserva confirmada ${v.externalBookingReference}`,
    'Tu reserva está confirmada.',
    v,
    voucherUrl ? { href: voucherUrl, label: 'Ver el voucher' } : undefined,
    undefined,
    look,
  );

export const approvalRequestMail = (to: string, v: VoucherRow, link: string, expiresAt: Date, look: MailLook = PLAIN) =>
  build(
    to,
    `Aprueba tu reserva ${v.externalBookingReference}`,
    `${v.agencyName} te pide revisar esta reserva y aprobarla o rechazarla.`,
    v,
    { href: link, label: 'Revisar y decidir' },
    `El enlace sirve para una sola decisión y vence el ${formatDate(expiresAt, look.timeZone)}.`,
    look,
  );

export const approvalDecisionMail = (to: string, v: VoucherRow, approved: boolean, by: string, look?: MailLook) =>
  build(
    to,
    `Reserva ${approved ? 'aprobada' : 'rechazada'} ${v.externalBookingReference}`,
    `${by} ${approved ? 'aprobó' : 'rechazó'} la reserva.`,
    v,
    undefined,
    undefined,
    look,
  );

export const cancellationMail = (to: string, v: VoucherRow, look?: MailLook) => {
  const penalty = v.penalty ? formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency) : formatMoney('0', v.priceCurrency);
  return build(
    to,
    `Reserva cancelada ${v.externalBookingReference}`,
    'La reserva fue cancelada.',
    v,
    undefined,
    `Penalidad: ${penalty}`,
    look,
  );
};

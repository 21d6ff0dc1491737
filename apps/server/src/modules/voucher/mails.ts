import { DEFAULT_TIME_ZONE, formatDate, formatMoney, PRODUCT_KIND_LABELS, VOUCHER_STATUS_LABELS, voucherTerms } from '@travesia/contracts';
import type { VoucherRow } from '../../db/schema/index.js';
import type { Mail } from '../../lib/mailer.js';
import { VOUCHER_MAIL as M } from '../../messages/vouchers.js';
import type { MailLook } from '../agency-settings/mail-context.js';

/** Bogotá, no logo, no footer: an agency that configured nothing (and the tests). */
const PLAIN: MailLook = { timeZone: DEFAULT_TIME_ZONE, logoUrl: null, footer: null };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The cancellation terms as every screen and the PDF say them (contracts' voucherTerms, decision 0380),
 * in the agency's zone at the time the mail is written; none once cancelled (the penalty line says it).
 */
function termsLine(v: VoucherRow, look: MailLook): string[] {
  if (v.status === 'cancelled') return [];
  const terms = voucherTerms(
    { policies: v.policies, price: { gross: v.priceGross, currency: v.priceCurrency }, nights: v.nights, usd: { rate: v.usdRate } },
    look.now ?? new Date(),
    look.timeZone,
  );
  return [`${M.cancellation}: ${terms.headline}`];
}

function summary(v: VoucherRow, look: MailLook): string[] {
  const dates = v.startDate ? `${formatDate(v.startDate)}${v.endDate ? ` ${M.datesJoin} ${formatDate(v.endDate)}` : ''}` : M.noDate;
  return [
    `${M.reference}: ${v.externalBookingReference}${v.locator ? ` · ${M.locator}: ${v.locator}` : ''}`,
    `${PRODUCT_KIND_LABELS[v.type]}: ${v.productName ?? v.product.name ?? ''}`,
    `${M.dates}: ${dates}`,
    `${M.holder}: ${[v.client.name, v.client.surname].filter(Boolean).join(' ')}`,
    `${M.total}: ${formatMoney(v.priceGross, v.priceCurrency)}`,
    `${M.status}: ${VOUCHER_STATUS_LABELS[v.status]}`,
    ...termsLine(v, look),
    ...(v.remarks ? [`${M.remarks}: ${v.remarks}`] : []),
  ];
}

/** Everything the agent or the client typed is escaped in the HTML part (a reason "with markup" stays text). */
function build(
  to: string,
  subject: string,
  intro: string,
  v: VoucherRow,
  link?: { href: string; label: string },
  outro: string[] = [],
  look: MailLook = PLAIN,
): Mail {
  const lines = summary(v, look);
  const footer = look.footer ? [look.footer] : [];
  const color = look.color ? escapeHtml(look.color) : null;
  return {
    to,
    subject,
    // The agency's sender name and reply-to (decision 0262); the address stays the platform's MAIL_FROM.
    fromName: look.senderName ?? null,
    replyTo: look.replyTo ?? null,
    text: [
      intro,
      '',
      ...lines,
      ...(link ? ['', `${link.label}: ${link.href}`] : []),
      ...(outro.length ? ['', ...outro] : []),
      '',
      v.agencyName,
      ...footer,
    ].join('\n'),
    html: [
      color ? `<div style="border-top:4px solid ${color};padding-top:8px">` : '<div>',
      look.logoUrl ? `<p><img src="${escapeHtml(look.logoUrl)}" alt="${escapeHtml(v.agencyName)}" style="max-height:60px"></p>` : '',
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      link ? `<p><a href="${link.href}"${color ? ` style="color:${color}"` : ''}>${escapeHtml(link.label)}</a></p>` : '',
      ...outro.map((o) => `<p>${escapeHtml(o)}</p>`),
      `<p>${escapeHtml(v.agencyName)}</p>`,
      ...footer.map((f) => `<p style="color:#666;font-size:12px">${escapeHtml(f)}</p>`),
      '</div>',
    ].join(''),
  };
}

export const confirmationMail = (to: string, v: VoucherRow, voucherUrl?: string, look?: MailLook) =>
  build(
    to,
    M.confirmedSubject(v.externalBookingReference),
    M.confirmedIntro,
    v,
    voucherUrl ? { href: voucherUrl, label: M.viewVoucher } : undefined,
    [],
    look,
  );

export const approvalRequestMail = (to: string, v: VoucherRow, link: string, expiresAt: Date, look: MailLook = PLAIN) =>
  build(
    to,
    M.approvalSubject(v.externalBookingReference),
    M.approvalIntro(v.agencyName),
    v,
    { href: link, label: M.approvalLink },
    [M.approvalOutro(formatDate(expiresAt, look.timeZone))],
    look,
  );

export const approvalDecisionMail = (to: string, v: VoucherRow, approved: boolean, by: string, look?: MailLook) =>
  build(to, M.decisionSubject(approved, v.externalBookingReference), M.decisionIntro(by, approved), v, undefined, [], look);

export const cancellationMail = (to: string, v: VoucherRow, look?: MailLook) => {
  const penalty = v.penalty ? formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency) : formatMoney('0', v.priceCurrency);
  return build(
    to,
    M.cancelledSubject(v.externalBookingReference),
    M.cancelledIntro,
    v,
    undefined,
    [M.penalty(penalty), ...(v.cancelReason ? [M.cancelReason(v.cancelReason)] : [])],
    look,
  );
};

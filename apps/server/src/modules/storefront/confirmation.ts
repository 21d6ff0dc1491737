import { formatMoney } from '@travesia/contracts';
import type { StorefrontOrderRow } from '../../db/schema/index.js';
import { escapeHtml } from '../../http/storefront-page.js';
import type { Mailer } from '../../lib/mailer.js';
import { contentOf } from '../white-label/presenter.js';
import type { StorefrontRepository } from './repository.js';

/** The outbox job that mails a booked order's confirmation (queued by the settlement and the sweeper). */
export const OUTBOX_CONFIRMATION = 'storefront.confirmation';

/** The traveller's confirmation e-mail of a booked order (outbox `storefront.confirmation`). */
export class StorefrontConfirmation {
  constructor(private readonly d: { repo: StorefrontRepository; mailer: Mailer; publicUrl: string }) {}

  /**
   * The confirmation e-mail in the white label's name and look (its published logo and colour, decision 0603):
   * what was booked, the reference, the total, the "mi reserva" link and the voucher PDF's link.
   */
  async send(orderId: string) {
    const order = await this.d.repo.byId(orderId);
    if (!order) return;
    const found = await this.d.repo.whiteLabelById(order.whiteLabelId);
    if (!found) return;
    const wl = found.whiteLabel;
    const base = this.d.publicUrl.replace(/\/$/, '');
    const link = `${base}/s/${wl.slug}/mi-reserva?ref=${encodeURIComponent(order.ref)}`;
    const voucher = `${base}/api/storefront/${wl.slug}/orders/${encodeURIComponent(order.ref)}/voucher?email=${encodeURIComponent(order.email)}`;
    const look = contentOf(wl.published);
    const color = look.primaryColor && /^#[0-9a-f]{6}$/i.test(look.primaryColor) ? look.primaryColor : null;
    const booked = confirmationLines(order.summary);
    const facts = [`Referencia: ${order.ref}`, `Total pagado: ${formatMoney(order.amount, order.currency)}`];
    const support = [look.supportEmail, look.supportPhone].filter((x): x is string => !!x);
    await this.d.mailer.send({
      to: order.email,
      fromName: wl.name,
      subject: `${wl.name}: tu reserva ${order.ref} está confirmada`,
      text: [
        ...booked,
        ...facts,
        `Descarga tu voucher: ${voucher}`,
        `Consulta tu reserva en ${link} con esta referencia y tu correo.`,
        ...(support.length ? [`Ayuda: ${support.join(' · ')}`] : []),
        '',
        wl.name,
      ].join('\n'),
      html: [
        color ? `<div style="border-top:4px solid ${color};padding-top:8px">` : '<div>',
        look.logo
          ? `<p><img src="${escapeHtml(`${base}/api/file/serve/${encodeURIComponent(look.logo)}`)}" alt="${escapeHtml(wl.name)}" style="max-height:60px"></p>`
          : `<p style="font-size:18px;font-weight:bold">${escapeHtml(wl.name)}</p>`,
        ...booked.map((l) => `<p>${escapeHtml(l)}</p>`),
        `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
        `<p><a href="${escapeHtml(voucher)}"${color ? ` style="color:${color}"` : ''}>Descargar el voucher (PDF)</a></p>`,
        `<p>Consulta tu reserva en <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> con esta referencia y tu correo.</p>`,
        support.length ? `<p style="color:#555">Ayuda: ${escapeHtml(support.join(' · '))}</p>` : '',
        `<p>${escapeHtml(wl.name)}</p>`,
        '</div>',
      ].join(''),
    });
  }
}

/** What the confirmation e-mail says was booked, by product. */
export function confirmationLines(summary: StorefrontOrderRow['summary']): string[] {
  const { hotel, ticket, transfer } = summary;
  if (ticket) {
    const when = [ticket.date, ticket.session ? `a las ${ticket.session}` : null].filter(Boolean).join(' ');
    const who = `${ticket.participants.adults} adulto(s)${ticket.participants.children ? ` y ${ticket.participants.children} niño(s)` : ''}`;
    return [
      `Tu reserva de ${ticket.activity}${ticket.modality ? ` (${ticket.modality})` : ''} el ${when} está confirmada.`,
      `Participantes: ${who}${ticket.language ? ` · Idioma: ${ticket.language}` : ''}`,
    ];
  }
  if (transfer)
    return [
      `Tu traslado (${transfer.service}, ${transfer.vehicle}) para ${transfer.passengers} pasajero(s) está confirmado:`,
      ...transfer.legs.map(
        (l) =>
          `${l.direction === 'outbound' ? 'Ida' : 'Regreso'}: ${l.from} → ${l.to}, ${l.date} a las ${l.time}` +
          (l.transportNumber ? ` (vuelo ${l.transportNumber})` : ''),
      ),
    ];
  return hotel
    ? [`Tu reserva en ${hotel.name} del ${hotel.checkIn} al ${hotel.checkOut} está confirmada.`]
    : ['Tu reserva está confirmada.'];
}

import type { Mail } from '../../lib/mailer.js';

export function recoveryMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Travesía: recupera tu contraseña',
    text: `Hola ${name},\n\nRecibimos una solicitud para cambiar tu contraseña. Abre este enlace para elegir una nueva (vence en 1 hora y sirve una sola vez):\n\n${link}\n\nSi no lo pediste, ignora este mensaje: tu contraseña sigue igual.\n\nTravesía`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>Recibimos una solicitud para cambiar tu contraseña. Abre este enlace para elegir una nueva (vence en 1 hora y sirve una sola vez):</p><p><a href="${link}">Cambiar mi contraseña</a></p><p>Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.</p><p>Travesía</p>`,
  };
}

export function invitationMail(to: string, name: string, link: string, agencyName: string | null): Mail {
  const where = agencyName ? ` de ${agencyName}` : '';
  return {
    to,
    subject: 'Travesía: tu cuenta está lista',
    text: `Hola ${name},\n\nSe creó tu cuenta en Travesía${where}. Abre este enlace para elegir tu contraseña (vence en 72 horas):\n\n${link}\n\nTravesía`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>Se creó tu cuenta en Travesía${escapeHtml(where)}. Abre este enlace para elegir tu contraseña (vence en 72 horas):</p><p><a href="${link}">Elegir mi contraseña</a></p><p>Travesía</p>`,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

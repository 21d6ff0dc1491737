import type { Activity } from './inventory.js';
import { prng, seedOf } from './prng.js';

/**
 * What an activity's rates add beyond a price, derived from its code so every simulator (Hotelbeds
 * Activities, Juniper tickets) answers the same for the same activity: start times, guide languages,
 * questions asked at booking (some mandatory), a hotel pickup, the traveller content and whether the
 * provider issues its own voucher (QR/barcode) that must reach the customer.
 */
export interface ActivityExtras {
  sessions: { code: string; name: string }[];
  languages: { code: string; name: string }[];
  questions: { code: string; text: string; required: boolean }[];
  pickup: { code: string; name: string; time: string; address: string; lat: number; lng: number } | null;
  content: {
    description: string;
    included: string[];
    excluded: string[];
    importantInfo: string[];
    meetingPoint: { description: string; address: string; lat: number; lng: number };
  };
  /** The provider issues its own voucher (PDF with QR code). */
  providerVoucher: boolean;
  /** The activity's category (Hotelbeds content `segmentationGroups`, the "Categorías" group). */
  category: { code: number; name: string };
}

/** One category per activity name of the inventory (City tour, Boat trip, Food walking tour, Museum pass, Snorkel, Theme park). */
const CATEGORIES = [
  { code: 9, name: 'Visitas guiadas' },
  { code: 5, name: 'Excursiones en barco' },
  { code: 4, name: 'Gastronomía' },
  { code: 3, name: 'Museos' },
  { code: 2, name: 'Deportes acuáticos' },
  { code: 6, name: 'Parques temáticos' },
];

/** The activity's index in its destination (E-CTG-0003 → 2). */
const indexOf = (a: Activity) => Number(a.code.slice(-4)) - 1;

export function activityExtras(a: Activity): ActivityExtras {
  const i = indexOf(a);
  const r = prng(seedOf('activity-extras', a.code));
  const lat = Number((10.39 + r.next() / 50).toFixed(6));
  const lng = Number((-75.48 - r.next() / 50).toFixed(6));
  const city = a.destination.city;
  return {
    // Every other activity runs at fixed start times.
    sessions:
      i % 2 === 1
        ? [
            { code: '0900', name: '09:00' },
            { code: '1500', name: '15:00' },
          ]
        : [],
    languages:
      i % 3 !== 2
        ? [
            { code: 'es', name: 'Español' },
            { code: 'en', name: 'English' },
          ]
        : [],
    // The fourth also asks one mandatory question on top of its sessions (the certification case: a question and a session).
    questions:
      i % 2 === 0 || i === 3
        ? [
            { code: 'HOTEL', text: 'Please advise the name of your hotel', required: true },
            { code: 'NC-CTEL', text: 'PLEASE ENTER YOUR CONTACT DETAILS (PHONE NUMBER).', required: i === 0 },
          ]
        : [],
    pickup:
      i === 1 ? { code: 'PK-LOBBY', name: `Lobby del hotel, ${city}`, time: '07:45', address: `Zona hotelera, ${city}`, lat, lng } : null,
    content: {
      description: `${a.name}: recorrido con guía local por los lugares más representativos de ${city}.`,
      included: ['Guía local', 'Entradas a los lugares visitados'],
      excluded: ['Propinas', 'Comidas y bebidas'],
      importantInfo: ['Presentarse 15 minutos antes del inicio con el bono impreso o en el móvil.'],
      meetingPoint: { description: 'Frente a la taquilla principal', address: `Centro histórico, ${city}`, lat, lng },
    },
    providerVoucher: i % 4 === 3,
    category: CATEGORIES[i % CATEGORIES.length],
  };
}

/** A one-page PDF standing for the provider's voucher (its QR code drawn as text): enough for a viewer. */
export function providerVoucherPdf(reference: string, activity: string): Buffer {
  const text = `Bono del proveedor ${reference} - ${activity} - QR:${reference}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 12 Tf 40 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, n) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${n + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

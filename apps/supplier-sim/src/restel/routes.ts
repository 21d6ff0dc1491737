import { createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import { addDays, eachNight, parseDay, today } from '../core/dates.js';
import {
  type BoardCode,
  findDestination,
  findHotel,
  type Hotel,
  hotelsOf,
  isNonRefundable,
  nightlyPrice,
  ROOM_TYPES,
  type RoomOccupancy,
  roomFits,
} from '../core/inventory.js';
import { centsToDecimal, decimalToCents } from '../core/prng.js';
import { nextNumber, type Payload, prelude, SANDBOX_SECRET, type SimContext, type SimOperation, scenariosOf, send } from '../core/sim.js';

const LIN_TTL = 30 * 60_000;
const RESTEL_BOARD: Record<BoardCode, string> = { RO: 'OB', BB: 'AD', HB: 'MP', FB: 'PC', AI: 'TI' };
const FROM_RESTEL: Record<string, BoardCode> = { OB: 'RO', SA: 'RO', AD: 'BB', MP: 'HB', PC: 'FB', TI: 'AI' };
const OPS: Record<string, SimOperation> = {
  '5': 'test',
  '110': 'search',
  '144': 'quote',
  '24': 'quote',
  '202': 'prebook',
  '3': 'book',
  '12': 'read',
  '142': 'quote',
  '401': 'cancel',
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (n) => n === 'lin' });

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' ? (v as X) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Form body: percent-encoded ISO-8859-1 bytes. */
function parseForm(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of buf.toString('latin1').split('&')) {
    const [k, v = ''] = pair.split('=');
    const bytes = Buffer.from(
      v.replace(/\+/g, ' ').replace(/%([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    );
    out[decodeURIComponent(k)] = bytes.toString('latin1');
  }
  return out;
}

const mdy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const fromMdy = (s: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(s) ? `${s.slice(6, 10)}-${s.slice(0, 2)}-${s.slice(3, 5)}` : '');
const ymd = (day: string) => day.replace(/-/g, '');

function reply(tipo: string, content: X, under: 'param' | 'parametros' = 'parametros'): Payload {
  const body = create({ version: '1.0', encoding: 'ISO-8859-1' })
    .ele({ respuesta: { tipo, [under]: content } })
    .end();
  return { status: 200, contentType: 'text/xml', body, charset: 'latin1' };
}
const error = (tipo: string, num: string, descripcion: string, under: 'param' | 'parametros' = 'parametros') =>
  reply(tipo, { estado: '01', error: { num_error: num, descripcion } }, under);

interface RestelBooking {
  largo: string;
  corto: string;
  expediente: string;
  estado: 'PRE' | 'C' | 'P' | 'A';
  hotel: Hotel;
  lins: string[];
  ci: string;
  co: string;
  totalCents: number;
  currency: string;
  titular: string;
  nrf: boolean;
  onRequest: boolean;
  bajaCode?: string;
}

export function restelRoutes(app: FastifyInstance, sim: SimContext) {
  const store = sim.bookings.restel as unknown as Map<string, RestelBooking>;
  const sign = (payload: string) =>
    createHmac('sha256', sim.options.tokenKey ?? 'restel')
      .update(payload)
      .digest('hex')
      .slice(0, 10);

  /**
   * One lin per night in the published layout (counting from 0): room#rooms#rate class#nightly
   * price#retail#board#OK|RQ#start yyyymmdd#end yyyymmdd#currency#paxes#nr#0#issued yyyymmddHHMM#hotel#,
   * e.g. `D8#1#VR#246.51#0#FB#OK#20160606#20160607#EU#1-0#0#0#0#994214#` in a public Restel client.
   * The simulator appends its signature before the trailing '#'.
   */
  function makeLin(
    h: Hotel,
    room: string,
    cents: number,
    board: BoardCode,
    numhab: number,
    paxes: string,
    night: string,
    cur: string,
    nrf: boolean,
  ) {
    const issued = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 12);
    const fields = [
      room,
      String(numhab),
      'C+',
      centsToDecimal(cents),
      centsToDecimal(Math.round(cents * 1.2)),
      RESTEL_BOARD[board],
      'OK',
      ymd(night),
      ymd(addDays(night, 1)),
      cur,
      paxes,
      nrf ? '1' : '0',
      '0',
      issued,
      String(h.restelCode),
    ];
    const payload = fields.join('#');
    return `${payload}#${sign(payload)}#`;
  }

  function readLin(lin: string) {
    const f = lin.split('#');
    if (f.length !== 17 || f[16] !== '' || sign(f.slice(0, 15).join('#')) !== f[15]) return null;
    const issued = Date.UTC(+f[13].slice(0, 4), +f[13].slice(4, 6) - 1, +f[13].slice(6, 8), +f[13].slice(8, 10), +f[13].slice(10, 12));
    return {
      hotel: f[14],
      room: f[0],
      cents: decimalToCents(f[3]),
      board: FROM_RESTEL[f[5]] as BoardCode,
      numhab: Number(f[1]),
      paxes: f[10],
      night: `${f[7].slice(0, 4)}-${f[7].slice(4, 6)}-${f[7].slice(6, 8)}`,
      currency: f[9],
      nrf: f[11] === '1',
      expired: Date.now() - issued > LIN_TTL,
    };
  }

  function policy(h: Hotel, nrf: boolean) {
    return nrf
      ? {
          dias_antelacion: '999',
          horas_antelacion: '0',
          noches_gasto: '0',
          estCom_gasto: '100',
          concepto: 'Tarifa no reembolsable. Gastos del 100% desde la confirmación.',
          entra_en_gastos: '1',
        }
      : {
          dias_antelacion: String(h.freeCancelDays),
          horas_antelacion: '0',
          noches_gasto: '1',
          estCom_gasto: '0',
          concepto: `Cancelación gratuita hasta ${h.freeCancelDays} días antes de la llegada. Después, gastos de 1 noche. No presentado: 100%.`,
          entra_en_gastos: '0',
        };
  }

  app.post('/xml/listen_xml.jsp', async (req: FastifyRequest, rep: FastifyReply) => {
    const form = Buffer.isBuffer(req.body) ? parseForm(req.body) : {};
    const sc = scenariosOf(req, form.codigousu);
    let doc: X;
    try {
      doc = parser.parse(form.xml ?? '', true) as X;
    } catch {
      return send(req, rep, sc, 'search', error('0', 'P00', 'XML mal formado'));
    }
    const pet = obj(doc.peticion);
    const tipo = str(pet.tipo);
    const op = OPS[tipo];
    if (!op) return send(req, rep, sc, 'search', error(tipo, 'P02', 'Tipo de petición desconocido'));
    const under = tipo === '110' ? 'param' : 'parametros';
    if (!form.codigousu || !form.afiliacio || form.clausu !== SANDBOX_SECRET || form.secacc !== SANDBOX_SECRET)
      return send(req, rep, sc, op, error(tipo, '001', 'Usuario o clave incorrectos', under));
    const server = (): Payload => ({
      status: 500,
      contentType: 'text/html',
      body: '<html><body>HTTP Status 500 - Internal Server Error</body></html>',
    });
    if (await prelude(sim, 'restel', req, rep, sc, op, { server, quota: () => error(tipo, 'Q01', 'Límite de peticiones superado', under) }))
      return;
    // Real clients also put parameters directly under <peticion> (e.g. comprimido, localizador_largo
    // next to an empty <parametros/>); the server reads them either way.
    const { parametros: _params, tipo: _t, nombre: _n, agencia: _a, ...outside } = pet;
    const p = { ...outside, ...obj(pet.parametros) };
    const out = (content: X) => send(req, rep, sc, op, reply(tipo, content, under));
    const fail = (num: string, d: string) => send(req, rep, sc, op, error(tipo, num, d, under));

    switch (tipo) {
      case '5':
        return out({
          estado: '00',
          paises: {
            pais: [
              { codigo: 'CO', nombre: 'Colombia' },
              { codigo: 'ES', nombre: 'España' },
            ],
          },
        });
      case '110': {
        const ci = fromMdy(str(p.fechaentrada));
        const co = fromMdy(str(p.fechasalida));
        if (!parseDay(ci) || !parseDay(co) || co <= ci || ci < today()) return fail('P01', 'Fechas no válidas');
        const groups: { numhab: number; paxes: string; occ: RoomOccupancy }[] = [];
        for (let i = 1; i <= 3; i++) {
          const numhab = Number(str(p[`numhab${i}`]) || '0');
          if (!numhab) continue;
          const m = /^(\d)-(\d)$/.exec(str(p[`paxes${i}`]));
          if (!m) return fail('P01', `paxes${i} no válido`);
          const ages = str(p[`edades${i}`]) ? str(p[`edades${i}`]).split(',').map(Number) : [];
          if (ages.length !== Number(m[2]) || ages.some((a) => !Number.isInteger(a) || a < 0 || a > 17))
            return fail('P01', `edades${i} no válidas`);
          groups.push({ numhab, paxes: `${m[1]}-${m[2]}`, occ: { adults: Number(m[1]), childrenAges: ages } });
        }
        if (!groups.length || groups.reduce((s, g) => s + g.numhab, 0) > 3) return fail('P01', 'Entre 1 y 3 habitaciones');
        let hotels: Hotel[];
        const codes = str(p.hotel).split('#').filter(Boolean);
        if (codes.length) hotels = codes.map((c) => findHotel(c)).filter((h): h is Hotel => !!h);
        else {
          const d = findDestination(str(p.provincia) || str(p.poblacion));
          if (!d) return fail('P01', 'Provincia desconocida');
          hotels = hotelsOf(d);
        }
        if (sc.has('no-avail', 'search')) return out({ hotls: { '@num': '0' } });
        const bump = sc.has('price-change', 'search') ? 1.15 : 1;
        const hot = hotels
          .map((h) => {
            const cur = h.destination.currency;
            const pax = groups.map((g, gi) => {
              const habs = h.rooms
                .filter((room) => roomFits(room, g.occ))
                .map((room) => ({
                  '@cod': room.code,
                  '@desc': room.name,
                  reg: h.boards.map((b, bi) => {
                    const nights = eachNight(ci, co).map((night) => ({
                      night,
                      cents: Math.round(nightlyPrice(h, room, b, night, g.occ) * g.numhab * bump),
                    }));
                    let prr = nights.reduce((s, n) => s + n.cents, 0);
                    if (sc.has('absurd-prices', 'search') && gi === 0 && room === h.rooms[0])
                      prr = bi === 0 ? 0 : bi === 1 ? prr * 100 : prr;
                    const nrf = isNonRefundable(h, room, b);
                    return {
                      '@cod': RESTEL_BOARD[b],
                      '@prr': centsToDecimal(prr),
                      '@div': cur,
                      '@esr': 'OK',
                      '@pvp': centsToDecimal(Math.round(prr * 1.2)),
                      '@nr': nrf ? '1' : '0',
                      lin: nights.map((n) => makeLin(h, room.code, n.cents, b, g.numhab, g.paxes, n.night, cur, nrf)),
                    };
                  }),
                }));
              return { '@cod': String(gi + 1), hab: habs };
            });
            if (pax.some((x) => !x.hab.length)) return null;
            return {
              cod: h.restelCode,
              nom: h.name,
              pro: h.destination.restel.provincia,
              pob: h.destination.city,
              cat: String(h.stars),
              fen: ymd(ci),
              fsa: ymd(co),
              pdr: 'N',
              res: { pax },
            };
          })
          .filter(Boolean);
        return out({ hotls: { '@num': String(hot.length), hot } });
      }
      case '144': {
        const datos = obj(p.datos_reserva);
        const lins = (datos.lin as unknown[] | undefined)?.map(str) ?? [];
        if (!lins.length) return fail('P01', 'Faltan líneas');
        const parsed = lins.map(readLin);
        if (parsed.some((l) => !l)) return fail('L002', 'Línea no válida');
        if (sc.has('expired-token', 'quote') || parsed.some((l) => l?.expired))
          return fail('L001', 'Línea caducada; vuelva a consultar disponibilidad');
        const h = findHotel(parsed[0]!.hotel)!;
        const ci = parsed.map((l) => l!.night).sort()[0];
        return out({
          estado: '00',
          politicaCanc: {
            '@fecha': mdy(addDays(ci, -h.freeCancelDays)),
            ...policy(
              h,
              parsed.some((l) => l!.nrf),
            ),
          },
        });
      }
      case '24': {
        const h = findHotel(str(p.codigo_cobol));
        if (!h) return fail('P01', 'Hotel desconocido');
        return out({
          estado: '00',
          hotel: {
            codigo_cobol: h.restelCode,
            observaciones: {
              observacion: [
                {
                  obs_texto: 'Check-in a partir de las 15:00; check-out hasta las 12:00.',
                  obs_desde: '01/01/2020',
                  obs_hasta: '31/12/2035',
                },
                ...(h.stars >= 4
                  ? [{ obs_texto: 'Tasa turística no incluida, pagadera en el hotel.', obs_desde: '01/01/2020', obs_hasta: '31/12/2035' }]
                  : []),
              ],
            },
          },
        });
      }
      case '202': {
        const lins = (obj(p.res).lin as unknown[] | undefined)?.map(str) ?? [];
        const parsed = lins.map(readLin);
        if (!lins.length || parsed.some((l) => !l)) return fail('L002', 'Línea no válida');
        if (sc.has('expired-token', 'prebook') || parsed.some((l) => l?.expired))
          return fail('L001', 'Línea caducada; vuelva a consultar disponibilidad');
        const expediente = str(p.num_expediente);
        if (!expediente || !str(p.nombre_cliente)) return fail('P01', 'Faltan num_expediente o nombre_cliente');
        if (!['12', '25', '44'].includes(str(p.forma_pago))) return fail('P01', 'forma_pago no válida');
        const h = findHotel(parsed[0]!.hotel)!;
        const nights = parsed.map((l) => l!.night).sort();
        const total = parsed.reduce((s, l) => s + l!.cents, 0);
        const b: RestelBooking = {
          largo: String(nextNumber(sim, 'restel', 81_000_000)),
          corto: '',
          expediente,
          estado: 'PRE',
          hotel: h,
          lins,
          ci: nights[0],
          co: addDays(nights[nights.length - 1], 1),
          totalCents: total,
          currency: parsed[0]!.currency,
          titular: str(p.nombre_cliente),
          nrf: parsed.some((l) => l!.nrf),
          onRequest: sc.has('on-request', 'prebook') || sc.has('on-request', 'book'),
        };
        store.set(b.largo, b);
        return out({
          estado: '00',
          n_localizador: b.largo,
          importe_total_reserva: centsToDecimal(total),
          divisa: b.currency,
          n_expediente: expediente,
          observaciones: str(p.observaciones) ? `Solicitud del cliente: ${str(p.observaciones)}` : '',
        });
      }
      case '3': {
        const b = store.get(str(p.localizador));
        if (!b) return fail('R01', 'Reserva no encontrada');
        const accion = str(p.accion);
        if (b.estado !== 'PRE') return fail('R02', 'La reserva no está pendiente de confirmar');
        if (accion === 'AE') {
          b.estado = b.onRequest ? 'P' : 'C';
          b.corto = `${b.largo.slice(-4)}${String.fromCharCode(65 + (Number(b.largo) % 26))}`;
        } else if (accion === 'AI') {
          b.estado = 'A';
        } else return fail('P01', 'accion no válida');
        return out({
          estado: '00',
          localizador: b.largo,
          localizador_corto: b.corto,
          estado_reserva: b.estado,
          ...(accion === 'AE' ? { observaciones: 'Reserva confirmada. Presentar el bono en la recepción.' } : {}),
        });
      }
      case '12': {
        const loc = str(p.localizador);
        const exp = str(p.num_expediente);
        const b = loc ? store.get(loc) : [...store.values()].find((x) => exp && x.expediente === exp && x.estado !== 'PRE');
        if (!b) return fail('R01', 'Reserva no encontrada');
        const first = readLin(b.lins[0])!;
        const room = ROOM_TYPES.find((r) => r.code === first.room)!;
        return out({
          estado: '00',
          // Published clients read parametros/reserva/localizador_largo and localizador_corto.
          reserva: {
            localizador_largo: b.largo,
            localizador_corto: b.corto,
            estado_reserva: b.estado,
            num_expediente: b.expediente,
            agencia_datos: { nombre: 'Agencia sandbox' },
            hotel_datos: {
              codigo: b.hotel.restelCode,
              nombre: b.hotel.name,
              direccion: b.hotel.address,
              poblacion: b.hotel.destination.city,
            },
            // The voucher service dates come as yyyy-mm-dd (a Restel integration guide's date table).
            fecha_entrada: b.ci,
            fecha_salida: b.co,
            importe: centsToDecimal(b.totalCents),
            divisa: b.currency,
            titular: b.titular,
            habitaciones: {
              hab: { '@cod': room.code, '@desc': room.name, '@reg': RESTEL_BOARD[first.board], '@num': String(first.numhab) },
            },
            lineas: { lin: b.lins },
          },
        });
      }
      case '142': {
        const b = store.get(str(p.localizador));
        if (!b) return fail('R01', 'Reserva no encontrada');
        const { concepto, entra_en_gastos, ...pol } = policy(b.hotel, b.nrf);
        return out({ estado: '00', politicaCanc: { '@localizador': b.largo, ...pol, desc: concepto } });
      }
      case '401': {
        const b = store.get(str(p.localizador_largo));
        if (!b || b.corto !== str(p.localizador_corto)) return fail('R01', 'Reserva no encontrada');
        if (b.estado === 'A') return fail('C02', 'La reserva ya está anulada');
        b.estado = 'A';
        b.bajaCode = `B${nextNumber(sim, 'restel-baja', 5_000)}`;
        return out({ estado: '00', localizador: b.largo, localizador_baja: b.bajaCode });
      }
    }
  });
}

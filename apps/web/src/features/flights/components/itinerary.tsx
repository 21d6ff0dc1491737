import type { FlightItemView, FlightSegmentView } from '@travesia/contracts';
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

const hhmm = (at: string) => dayjs(at).format('HH:mm');
const duration = (m: number | null) => (m === null ? '' : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`);
const PAX = { adult: 'adulto', child: 'niño', infant: 'infante' } as const;

/** One direction of a trip: airline (and who operates it), times with day change, stops and layovers, duration. */
export function SegmentLine({ s }: { s: FlightSegmentView }) {
  const airline = s.marketingAirline?.name ?? s.airline;
  const operated = s.operatingAirline && s.operatingAirline.code !== s.marketingAirline?.code ? s.operatingAirline.name : null;
  return (
    <div data-testid="flight-segment">
      <Space wrap size="middle">
        <Typography.Text strong>{airline}</Typography.Text>
        <Typography.Text type="secondary">{s.legs.map((l) => l.flightNo).join(' · ') || s.flightNo}</Typography.Text>
        {operated && <Typography.Text type="secondary">Operado por {operated}</Typography.Text>}
        <span>
          {hhmm(s.from.at)} {s.from.airport} → {hhmm(s.to.at)}
          {s.dayChange > 0 && <sup>+{s.dayChange}</sup>} {s.to.airport}
        </span>
        <span>{dayjs(s.from.at).format('DD-MM-YYYY')}</span>
        <span>{duration(s.durationMinutes)}</span>
        <Tag color={s.stops ? 'orange' : 'green'}>{s.stops ? `${s.stops} escala${s.stops > 1 ? 's' : ''}` : 'Directo'}</Tag>
      </Space>
      {s.layovers.map((l) => (
        <div key={l.airport}>
          <Typography.Text type="secondary">
            Escala en {l.airport}: {duration(l.minutes)}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** Baggage per passenger type: checked and cabin. */
export function BaggageLine({ item }: { item: FlightItemView }) {
  if (!item.baggage.length) return <Typography.Text type="secondary">Equipaje no informado</Typography.Text>;
  const text = item.baggage
    .map((b) => {
      const what = b.kind === 'checked' ? 'bodega' : 'cabina';
      const size = [b.pieces ? `${b.pieces} pieza${b.pieces > 1 ? 's' : ''}` : null, b.weight ? `${b.weight} ${b.unit ?? 'kg'}` : null]
        .filter(Boolean)
        .join(' de ');
      return `${PAX[b.passengerType]}: ${size || '—'} en ${what}`;
    })
    .join(' · ');
  return <Typography.Text>{text}</Typography.Text>;
}

import 'leaflet/dist/leaflet.css';
import { formatMoney, type HotelItem, type HotelOption } from '@travesia/contracts';
import { Alert, Button, Empty, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, Tooltip } from 'react-leaflet';
import { bestRates } from '../best-rates';
import { SUPPLIER_NAMES } from '../variants';

/**
 * Where the map background comes from: `VITE_MAP_TILES_URL` at build time (a `{z}/{x}/{y}` template), else
 * OpenStreetMap's. The server's CSP allows any https image host (and `CSP_IMG_SRC` adds others).
 */
const TILES_URL: string = import.meta.env.VITE_MAP_TILES_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; colaboradores de OpenStreetMap';

/**
 * The results page's hotels on a map (Leaflet, loaded only when the map is chosen; the list stays the
 * main view). Markers are vector circles, so they show without any image: when the tiles can't load
 * (no internet, as here) the markers, their names and prices and "Ver opción" still work.
 */
export default function ResultsMap({ hotels, onOpen }: { hotels: HotelItem[]; onOpen: (hotel: HotelItem, option: HotelOption) => void }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const located = useMemo(
    () => hotels.filter((h): h is HotelItem & { location: { lat: number; lng: number } } => Boolean(h.location)),
    [hotels],
  );
  const unplaced = hotels.length - located.length;
  if (!located.length) return <Empty description="Ningún hotel de esta página tiene ubicación en el mapa" />;
  const bounds = located.map((h) => [h.location.lat, h.location.lng] as [number, number]);
  return (
    <div data-testid="results-map">
      {tilesFailed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message="No se pudo cargar el fondo del mapa; los hoteles se muestran igualmente."
        />
      )}
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [24, 24], maxZoom: 15 }}
        scrollWheelZoom={false}
        style={{ height: 420, width: '100%', borderRadius: 8 }}
        aria-label="Mapa de los hoteles de esta página"
      >
        <TileLayer url={TILES_URL} attribution={ATTRIBUTION} eventHandlers={{ tileerror: () => setTilesFailed(true) }} />
        {located.map((h) => {
          const cheapest = h.options[0];
          const suppliers = bestRates(h).map((r) => SUPPLIER_NAMES[r.supplier] ?? r.supplier);
          const price = formatMoney(h.minPrice.amount, h.minPrice.currency);
          return (
            <CircleMarker
              key={`${h.supplier}-${h.code}`}
              center={[h.location.lat, h.location.lng]}
              radius={9}
              pathOptions={{ color: '#0958d9', weight: 2, fillColor: '#1677ff', fillOpacity: 0.85 }}
            >
              <Tooltip>{`${h.name} · desde ${price}`}</Tooltip>
              <Popup>
                <div data-testid="map-popup">
                  <Typography.Text strong style={{ display: 'block' }}>
                    {h.name}
                  </Typography.Text>
                  <Typography.Text style={{ display: 'block' }}>Desde {price}</Typography.Text>
                  <Typography.Text style={{ display: 'block' }}>{suppliers.join(' · ')}</Typography.Text>
                  {cheapest && (
                    <Button size="small" type="primary" style={{ marginTop: 6 }} onClick={() => onOpen(h, cheapest)}>
                      Ver opción
                    </Button>
                  )}
                </div>
              </Popup>
            </CircleMarker>
          );
        })}
      </MapContainer>
      {unplaced > 0 && (
        <Typography.Paragraph style={{ marginTop: 8 }}>
          {unplaced === 1 ? '1 hotel de esta página no tiene ubicación' : `${unplaced} hoteles de esta página no tienen ubicación`}: míralos
          en la lista.
        </Typography.Paragraph>
      )}
    </div>
  );
}

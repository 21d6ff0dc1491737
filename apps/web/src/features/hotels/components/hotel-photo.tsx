import { Flex } from 'antd';
import { useState } from 'react';

/**
 * A hotel's photo (the suppliers' content or our own, decision 0630): sized before it loads (no layout shift),
 * fetched only when scrolled near (`loading="lazy"`), described in Spanish. A photo that cannot be had (the
 * supplier's host unreachable, a broken link) shows the "Sin foto" box instead of a broken image.
 */
export function HotelPhoto({ src, hotelName, width, height }: { src?: string; hotelName: string; width: number; height: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { width, height, borderRadius: 6, flex: 'none' } as const;
  if (!src || failed === src)
    return (
      <Flex align="center" justify="center" style={{ ...box, background: '#f5f5f5', color: '#595959' }} role="img" aria-label="Sin foto">
        Sin foto
      </Flex>
    );
  return (
    <img
      src={src}
      alt={`Foto del hotel ${hotelName}`}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-testid="hotel-photo"
      onError={() => setFailed(src)}
      style={{ ...box, objectFit: 'cover', display: 'block' }}
    />
  );
}

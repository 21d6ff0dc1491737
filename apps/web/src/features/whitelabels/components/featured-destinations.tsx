import { CloseOutlined } from '@ant-design/icons';
import { MAX_FEATURED_DESTINATIONS } from '@travesia/contracts';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';

export interface DestinationItem {
  id: string;
  name: string;
}

/** The featured destinations: places picked from the places autocomplete, in order, up to 8. */
export function FeaturedDestinations({ value = [], onChange }: { value?: DestinationItem[]; onChange?: (v: DestinationItem[]) => void }) {
  const [picking, setPicking] = useState<string | null>(null);
  const full = value.length >= MAX_FEATURED_DESTINATIONS;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8}>
        {value.map((d) => (
          <Tag key={d.id} style={{ paddingBlock: 4 }}>
            {d.name}{' '}
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined aria-hidden />}
              aria-label={`Quitar ${d.name}`}
              onClick={() => onChange?.(value.filter((x) => x.id !== d.id))}
            />
          </Tag>
        ))}
      </Flex>
      <PlaceAutocomplete
        aria-label="Agregar destino destacado"
        placeholder={full ? `Máximo ${MAX_FEATURED_DESTINATIONS} destinos` : 'Escribe mínimo 3 letras para agregar un destino'}
        disabled={full}
        types={['city', 'tourist-area']}
        value={picking}
        onChange={(id, place) => {
          setPicking(null);
          if (id && place && !value.some((d) => d.id === id)) onChange?.([...value, { id, name: place.name }]);
        }}
        style={{ width: '100%' }}
      />
    </Flex>
  );
}

import { TRANSFER_POINT_LABELS, TRANSFER_POINT_TYPES } from '@travesia/contracts';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';

const CODE_LABELS = {
  airport: 'Código IATA',
  hotel: 'Código del hotel',
  port: 'Código del puerto',
  station: 'Código de la estación',
} as const;

/** A typed point (airport by IATA, hotel, port, station or address by coordinates) under `name`. */
export function PointFields({ name, label }: { name: 'from' | 'to'; label: string }) {
  const type = Form.useWatch([name, 'type']) as keyof typeof CODE_LABELS | 'address' | undefined;
  return (
    <Space wrap align="start">
      <Form.Item name={[name, 'type']} label={label} rules={[{ required: true }]}>
        <Select
          style={{ width: 150 }}
          aria-label={`${label}: tipo de punto`}
          options={TRANSFER_POINT_TYPES.map((t) => ({ value: t, label: TRANSFER_POINT_LABELS[t] }))}
        />
      </Form.Item>
      {type === 'address' ? (
        <>
          <Form.Item name={[name, 'latitude']} label="Latitud" rules={[{ required: true, message: 'Latitud requerida' }]}>
            <InputNumber min={-90} max={90} step={0.0001} />
          </Form.Item>
          <Form.Item name={[name, 'longitude']} label="Longitud" rules={[{ required: true, message: 'Longitud requerida' }]}>
            <InputNumber min={-180} max={180} step={0.0001} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name={[name, 'code']}
          label={CODE_LABELS[type ?? 'airport']}
          rules={[{ required: true, whitespace: true, message: 'El código del punto es requerido' }]}
        >
          <Input style={{ width: 140 }} placeholder={type === 'airport' ? 'CTG' : undefined} />
        </Form.Item>
      )}
      <Form.Item name={[name, 'name']} label="Nombre (opcional)">
        <Input style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name={[name, 'placeId']}
        label="Lugar (traslados propios)"
        tooltip="Nuestro lugar del árbol de lugares: los traslados de Travesía van entre lugares"
      >
        <PlaceAutocomplete allowClear style={{ width: 220 }} aria-label={`${label}: lugar`} />
      </Form.Item>
      {type && type !== 'airport' && type !== 'address' && (
        <Form.Item name={[name, 'zone']} label="Zona de traslado (Juniper)" tooltip="Código de zona de traslados de Juniper, si lo conoces">
          <Input style={{ width: 120 }} />
        </Form.Item>
      )}
    </Space>
  );
}

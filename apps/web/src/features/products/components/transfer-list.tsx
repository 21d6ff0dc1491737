import type { TransferProductDto } from '@travesia/contracts';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { useListTransfers } from '../api/transfers';
import { ProductList } from './product-list';

/** /product/transfer: own transfers. */
export function TransferList() {
  return (
    <ProductList<TransferProductDto>
      title="Traslados propios"
      createTo="/product/transfer/create"
      createLabel="Crear traslado"
      extra={
        <Link to="/product/transfer/avail">
          <Button>Capacidad</Button>
        </Link>
      }
      use={useListTransfers}
      columns={[
        { title: 'Nombre', dataIndex: 'name', render: (_, t) => <Link to={`/product/transfer/${t._id}`}>{t.name}</Link> },
        { title: 'Tipo', dataIndex: 'typeLabel', width: 120 },
        { title: 'Vehículo', dataIndex: 'vehicleLabel', width: 130 },
        { title: 'Pasajeros', key: 'pax', width: 110, render: (_, t) => `${t.minPax}–${t.maxPax}` },
        { title: 'Precio', key: 'price', render: (_, t) => `${t.price} ${t.currency} (${t.priceModeLabel.toLowerCase()})` },
        {
          title: 'Estado',
          dataIndex: 'active',
          width: 110,
          render: (a: boolean) => (a ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
        },
      ]}
    />
  );
}

import type { TicketProductDto } from '@travesia/contracts';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { useListTickets } from '../api/tickets';
import { ProductList } from './product-list';

/** /product/ticket: own tickets and activities. */
export function TicketList() {
  return (
    <ProductList<TicketProductDto>
      title="Tickets propios"
      createTo="/product/ticket/create"
      createLabel="Crear ticket"
      extra={
        <Link to="/product/ticket/avail">
          <Button>Capacidad</Button>
        </Link>
      }
      use={useListTickets}
      columns={[
        { title: 'Nombre', dataIndex: 'name', render: (_, t) => <Link to={`/product/ticket/${t._id}`}>{t.name}</Link> },
        { title: 'Lugar', dataIndex: 'placeName' },
        { title: 'Precio', key: 'price', render: (_, t) => `${t.price} ${t.currency}` },
        { title: 'Sesiones', key: 'sessions', render: (_, t) => (t.sessions.length ? t.sessions.join(', ') : 'Todo el día') },
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

import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { useMe } from '../../../shared/session/use-session';
import { useAgency } from '../api/get-agency';
import { ProviderAccountsPage } from './provider-accounts-page';

/**
 * /configuration/providers: the agency admin's own accounts. Super belongs to no agency (the own accounts' API
 * answers it 403): it is told where its accounts are instead of a page of errors (issue 15).
 */
export function AgencyProvidersScreen() {
  if (useMe().user.type === 'super')
    return (
      <>
        <PageHeader title="Proveedores" />
        <Result
          status="info"
          subTitle="El super administrador no pertenece a una agencia y no tiene cuentas propias: las cuentas de proveedor de cada agencia se gestionan desde Agencias, y las plantillas del operador desde Plantillas Proveedor."
          extra={[
            <Link key="agencies" to="/sa/agencies">
              <Button type="primary">Ir a Agencias</Button>
            </Link>,
            <Link key="templates" to="/sa/providers-template">
              <Button>Ir a Plantillas Proveedor</Button>
            </Link>,
          ]}
        />
      </>
    );
  return (
    <ProviderAccountsPage
      scope={{ kind: 'own' }}
      title="Proveedores"
      description="Cuentas con las que tu agencia busca y reserva en cada proveedor. Puedes usar credenciales propias o una plantilla del operador."
    />
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /sa/agencies/:id/providers: super manages any agency's accounts. */
export function SuperAgencyProvidersScreen() {
  const { id } = useParams();
  const valid = Boolean(id && UUID.test(id));
  const agency = useAgency(valid ? id : undefined);
  if (!valid || agency.isError) {
    return (
      <Result
        status="404"
        title="Agencia no encontrada"
        extra={
          <Link to="/sa/agencies">
            <Button>Volver a agencias</Button>
          </Link>
        }
      />
    );
  }
  return (
    <ProviderAccountsPage
      scope={{ kind: 'agency', agencyId: id as string }}
      title={`Proveedores de ${agency.data?.name ?? '…'}`}
      description={
        agency.data ? `Modo de la agencia: ${agency.data.mode === 'production' ? 'producción' : 'pruebas (simulador)'}.` : undefined
      }
      extra={
        <Link to={`/sa/agencies/${id}`}>
          <Button icon={<ArrowLeftOutlined />}>Agencia</Button>
        </Link>
      }
    />
  );
}

/** /sa/providers-template: the operator's own supplier contracts that agencies link to. */
export function ProviderTemplatesScreen() {
  return (
    <ProviderAccountsPage
      scope={{ kind: 'template' }}
      title="Plantillas de proveedor"
      description="Contratos del operador con cada proveedor. Las agencias vinculadas usan sus credenciales sin verlas. La prueba de conexión de una plantilla se hace en producción."
    />
  );
}

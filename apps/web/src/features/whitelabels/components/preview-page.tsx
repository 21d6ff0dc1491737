import { Alert, Button, Flex, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../shared/components/not-found';
import { StorefrontFrame } from '../../../shared/storefront/storefront-frame';
import { StorefrontHome } from '../../../shared/storefront/storefront-home';
import { usePreview } from '../api/get-preview';

/** `/whitelabel/{id}/preview` ("Vista previa"): the saved draft as the storefront would show it; only for managers. */
export function PreviewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const preview = usePreview(id);
  if (preview.isPending) return <Spin />;
  if (!preview.data) return <NotFound />;
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        message="Vista previa del borrador: el público no ve estos cambios hasta que los publiques."
        action={<Button onClick={() => navigate(`/whitelabel/${id}/customize`)}>Volver a personalizar</Button>}
      />
      <div style={{ border: '1px solid #e5e7eb', borderRadius: 8, overflow: 'hidden' }} data-testid="storefront-preview">
        <StorefrontFrame site={preview.data} embedded>
          <StorefrontHome site={preview.data} search={<Alert type="info" message="Aquí aparecerá el buscador de la tienda." />} />
        </StorefrontFrame>
      </div>
    </Flex>
  );
}

import { CompassOutlined } from '@ant-design/icons';
import { SHELL_MESSAGES } from '@travesia/contracts';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { APP_VERSION } from '../../lib/version';

/** `/about`: product name, version and what it is. */
export function AboutPage() {
  return (
    <Card style={{ maxWidth: 720 }}>
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <CompassOutlined style={{ fontSize: 40, color: '#0b6e4f' }} aria-hidden />
        <div>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {SHELL_MESSAGES.platformName}
          </Typography.Title>
          <Typography.Text type="secondary">Versión {APP_VERSION}</Typography.Text>
        </div>
      </Flex>
      <Typography.Paragraph>
        {SHELL_MESSAGES.platformName} es la plataforma B2B de reservas para agencias de viajes: su personal busca y reserva hoteles,
        traslados, tickets y actividades y vuelos de varios proveedores y del inventario propio, y administra reservas, usuarios, la
        configuración de la agencia, markups, marcas blancas, lugares y productos.
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Producto">{SHELL_MESSAGES.platformName}</Descriptions.Item>
        <Descriptions.Item label="Versión">{APP_VERSION}</Descriptions.Item>
        <Descriptions.Item label="Descripción">{SHELL_MESSAGES.platformTagline}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

import { BOARD_CODES, BOARD_LABELS, CHILD_AGE_BANDS, HOTEL_AMENITIES, HOTEL_CATEGORIES, HOTEL_CATEGORY_LABELS } from '@travesia/contracts';
import { Card, Col, List, Row, Tag, Typography } from 'antd';

/**
 * /product/hotel/configuration/: the catalogues own hotels use (boards, categories, amenities, child
 * age bands). They are fixed in contracts for now (docs/decisions/0085): amenities also accept free text.
 */
export function HotelConfiguration() {
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Configuración de hoteles
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title="Regímenes">
            <List size="small" dataSource={[...BOARD_CODES]} renderItem={(b) => <List.Item>{`${b} — ${BOARD_LABELS[b]}`}</List.Item>} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="Categorías">
            <List size="small" dataSource={[...HOTEL_CATEGORIES]} renderItem={(c) => <List.Item>{HOTEL_CATEGORY_LABELS[c]}</List.Item>} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="Servicios sugeridos">
            {HOTEL_AMENITIES.map((a) => (
              <Tag key={a} style={{ marginBottom: 6 }}>
                {a}
              </Tag>
            ))}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="Edades de niños">
            <List
              size="small"
              dataSource={[...CHILD_AGE_BANDS]}
              renderItem={(b) => <List.Item>{`${b.label}: de ${b.from} a ${b.to} años`}</List.Item>}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              Cada tipo de habitación fija la edad máxima de niño; los mayores se cobran como adultos.
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </Card>
  );
}

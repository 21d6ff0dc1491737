import { Button, Checkbox, DatePicker, Drawer, type DrawerProps, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { type BulkRangeValues, WEEKDAYS } from './options';

interface Props<T extends BulkRangeValues> {
  open: boolean;
  onClose: () => void;
  /** The month on screen: the range starts as the whole of it. */
  month: Dayjs;
  /** Initial values of the screen's own fields. */
  initialValues: Omit<Partial<T>, keyof BulkRangeValues>;
  onFinish: (values: T) => void;
  pending: boolean;
  size?: DrawerProps['size'];
  /** The screen's own fields, after the date range and weekdays. */
  children: ReactNode;
}

/** "Edición masiva": a drawer with a date range, weekdays, the screen's fields and Aplicar / Cancelar. */
export function BulkEditDrawer<T extends BulkRangeValues>({
  open,
  onClose,
  month,
  initialValues,
  onFinish,
  pending,
  size,
  children,
}: Props<T>) {
  return (
    <Drawer title="Edición masiva" open={open} onClose={onClose} size={size} destroyOnHidden>
      <Form<T>
        layout="vertical"
        initialValues={{ weekdays: [0, 1, 2, 3, 4, 5, 6], ...initialValues, range: [month, month.endOf('month')] }}
        onFinish={onFinish}
      >
        <Form.Item label="Fechas" name="range" rules={[{ required: true, message: 'Indique el rango de fechas' }]}>
          <DatePicker.RangePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item
          label="Días de la semana"
          name="weekdays"
          rules={[{ required: true, type: 'array', min: 1, message: 'Indique al menos un día de la semana' }]}
        >
          <Checkbox.Group options={WEEKDAYS} />
        </Form.Item>
        {children}
        <Space>
          <Button type="primary" htmlType="submit" loading={pending}>
            Aplicar
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
        </Space>
      </Form>
    </Drawer>
  );
}

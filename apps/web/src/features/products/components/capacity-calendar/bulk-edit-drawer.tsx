import { INVENTORY_LIMITS } from '@travesia/contracts';
import { Alert, App, Button, DatePicker, Drawer, type DrawerProps, Form, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent, ReactNode } from 'react';
import { FormCheckboxGroup } from '../../../../shared/forms/group-fields';
import { BULK_DATE_FORMAT, bulkRangeProblem, countBulkDays, initialBulkRange, weekdayNames } from './bulk-range';
import { type BulkRangeValues, WEEKDAYS } from './options';

interface Props<T extends BulkRangeValues> {
  open: boolean;
  onClose: () => void;
  /** The month on screen: the range starts as the rest of it from today. */
  month: Dayjs;
  /** Initial values of the screen's own fields. */
  initialValues: Omit<Partial<T>, keyof BulkRangeValues>;
  onFinish: (values: T) => void;
  pending: boolean;
  size?: DrawerProps['size'];
  /** The screen's own fields, after the date range and weekdays. */
  children: ReactNode;
}

/** Enter in a field commits that field (the date picker takes a typed date); it never submits the drawer. */
const keepEnterInField = (e: KeyboardEvent<HTMLElement>) => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
};

/**
 * "Edición masiva": a drawer with a date range (today onwards, at most 400 days), weekdays, the screen's
 * fields and Aplicar / Cancelar. Aplicar asks for confirmation with the number of days that will change
 * and applies exactly the range and weekdays shown (decision 0170).
 */
export function BulkEditDrawer<T extends BulkRangeValues>({ open, onClose, size, ...rest }: Props<T>) {
  return (
    <Drawer title="Edición masiva" open={open} onClose={onClose} size={size} destroyOnHidden>
      <BulkEditForm<T> onClose={onClose} {...rest} />
    </Drawer>
  );
}

/** The drawer's form, created afresh on every opening so that it starts from the month on screen. */
function BulkEditForm<T extends BulkRangeValues>({
  onClose,
  month,
  initialValues,
  onFinish,
  pending,
  children,
}: Omit<Props<T>, 'open' | 'size'>) {
  const [form] = Form.useForm<T>();
  const { modal } = App.useApp();
  const range = Form.useWatch('range', form) as [Dayjs, Dayjs] | null | undefined;
  const weekdays = (Form.useWatch('weekdays', form) as number[] | undefined) ?? [];
  const days = range?.[0] && range[1] && !bulkRangeProblem(range) ? countBulkDays(range[0], range[1], weekdays) : null;

  const confirm = (values: T) => {
    const n = countBulkDays(values.range[0], values.range[1], values.weekdays);
    const from = values.range[0].format(BULK_DATE_FORMAT);
    const to = values.range[1].format(BULK_DATE_FORMAT);
    modal.confirm({
      title: 'Confirmar la edición masiva',
      content: `Se modificarán ${n} ${n === 1 ? 'día' : 'días'}: del ${from} al ${to}, ${weekdayNames(values.weekdays)}.`,
      okText: `Modificar ${n} ${n === 1 ? 'día' : 'días'}`,
      cancelText: 'Volver',
      onOk: () => onFinish(values),
    });
  };

  return (
    <Form<T>
      form={form}
      layout="vertical"
      initialValues={{ weekdays: [0, 1, 2, 3, 4, 5, 6], ...initialValues, range: initialBulkRange(month) }}
      onFinish={confirm}
      onKeyDown={keepEnterInField}
    >
      <Form.Item
        label="Fechas"
        name="range"
        rules={[
          {
            validator: (_, value: [Dayjs, Dayjs] | null | undefined) => {
              const problem = bulkRangeProblem(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          format={BULK_DATE_FORMAT}
          placeholder={['Desde', 'Hasta']}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        label="Días de la semana"
        name="weekdays"
        rules={[{ required: true, type: 'array', min: 1, message: 'Indique al menos un día de la semana' }]}
      >
        <FormCheckboxGroup options={WEEKDAYS} />
      </Form.Item>
      {children}
      {days !== null && (
        <Alert
          type={days ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="bulk-day-count"
          title={
            days
              ? `Se modificarán ${days} ${days === 1 ? 'día' : 'días'}`
              : 'Ningún día del rango coincide con los días de la semana elegidos'
          }
        />
      )}
      <Space>
        <Button type="primary" loading={pending} disabled={days === 0} onClick={() => form.submit()}>
          Aplicar
        </Button>
        <Button onClick={onClose}>Cancelar</Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        Solo se aplican días de hoy en adelante, hasta {INVENTORY_LIMITS.maxRangeDays} días por edición.
      </Typography.Paragraph>
    </Form>
  );
}

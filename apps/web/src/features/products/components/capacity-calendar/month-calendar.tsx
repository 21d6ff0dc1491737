import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { WEEKDAYS } from './options';

interface Props {
  month: Dayjs;
  onMonthChange: (month: Dayjs) => void;
  /** Draws one day; `key` is its YYYY-MM-DD date. */
  renderDay: (date: Dayjs, key: string) => ReactNode;
  /** Shown after the month switcher (e.g. what the cells mean). */
  extra?: ReactNode;
  testId?: string;
}

/** A month switcher over a Monday-first grid of the month's days, each drawn by the caller. */
export function MonthCalendar({ month, onMonthChange, renderDay, extra, testId }: Props) {
  const cells: { key: string; date: Dayjs | null }[] = [];
  const lead = (month.day() + 6) % 7; // weeks start on Monday
  for (let i = 0; i < lead; i++) cells.push({ key: `lead-${i}`, date: null });
  for (let d = 0; d < month.daysInMonth(); d++) {
    const date = month.add(d, 'day');
    cells.push({ key: date.format('YYYY-MM-DD'), date });
  }
  return (
    <>
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} aria-label="Mes anterior" onClick={() => onMonthChange(month.subtract(1, 'month'))} />
        <Typography.Text strong style={{ minWidth: 140, textAlign: 'center', textTransform: 'capitalize' }}>
          {month.format('MMMM YYYY')}
        </Typography.Text>
        <Button icon={<RightOutlined />} aria-label="Mes siguiente" onClick={() => onMonthChange(month.add(1, 'month'))} />
        {extra}
      </Flex>
      <div data-testid={testId} style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
        {WEEKDAYS.map((w) => (
          <Typography.Text key={w.value} type="secondary" style={{ textAlign: 'center' }}>
            {w.label}
          </Typography.Text>
        ))}
        {cells.map((c) => (c.date ? renderDay(c.date, c.key) : <div key={c.key} />))}
      </div>
    </>
  );
}

import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title row of an admin page, with its actions on the right. */
export function PageHeader({ title, extra, subtitle }: { title: ReactNode; extra?: ReactNode; subtitle?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra && <Flex gap={8}>{extra}</Flex>}
    </Flex>
  );
}

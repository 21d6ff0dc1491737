import { SHELL_MESSAGES } from '@travesia/contracts';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <Result
      status="404"
      title={SHELL_MESSAGES.notFoundPage}
      extra={
        <Link to={home}>
          <Button type="primary">{SHELL_MESSAGES.goHome}</Button>
        </Link>
      }
    />
  );
}

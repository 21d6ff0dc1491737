import { SHELL_MESSAGES } from '@travesia/contracts';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { ResultHeading } from './result-heading';

export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <Result
      status="404"
      title={<ResultHeading>{SHELL_MESSAGES.notFoundPage}</ResultHeading>}
      extra={
        <Link to={home}>
          <Button type="primary">{SHELL_MESSAGES.goHome}</Button>
        </Link>
      }
    />
  );
}

import { SHELL_MESSAGES } from '@travesia/contracts';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { ResultHeading } from './result-heading';

export function Forbidden({ home }: { home: string }) {
  return (
    <Result
      status="403"
      title={<ResultHeading>{SHELL_MESSAGES.forbiddenPage}</ResultHeading>}
      subTitle={SHELL_MESSAGES.forbiddenHint}
      extra={
        <Link to={home}>
          <Button type="primary">{SHELL_MESSAGES.goHome}</Button>
        </Link>
      }
    />
  );
}

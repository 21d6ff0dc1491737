import { ToolOutlined } from '@ant-design/icons';
import { MESSAGES, SHELL_MESSAGES } from '@travesia/contracts';
import { Result } from 'antd';
import { ResultHeading } from './result-heading';

/** Placeholder of a route whose screen a later issue builds; it still goes through the route guard. */
export function UnderConstruction() {
  return (
    <Result
      icon={<ToolOutlined style={{ color: '#0b6e4f' }} />}
      title={<ResultHeading>{MESSAGES['common.underConstruction']}</ResultHeading>}
      subTitle={SHELL_MESSAGES.underConstructionHint}
    />
  );
}

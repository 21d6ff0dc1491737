import { Flex, Spin } from 'antd';

/** A centred spinner; `minHeight` defaults to the whole window. */
export function FullPageSpin({ minHeight = '100vh' }: { minHeight?: number | string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight }}>
      <Spin size="large" />
    </Flex>
  );
}

import { Grid } from 'antd';

/** True below antd's `md` breakpoint (768 px): lists that cannot fit as a table become cards. */
export function usePhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
}

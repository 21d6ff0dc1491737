import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LogoutOutlined,
  PercentageOutlined,
  SearchOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons of the drawer entries by menu key (the entries themselves come from contracts' buildMenu). */
export const MENU_ICONS: Record<string, ReactNode> = {
  profile: <IdcardOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  searchers: <SearchOutlined aria-hidden />,
  agencies: <BankOutlined aria-hidden />,
  booking: <CalendarOutlined aria-hidden />,
  product: <AppstoreOutlined aria-hidden />,
  user: <TeamOutlined aria-hidden />,
  configuration: <SettingOutlined aria-hidden />,
  markup: <PercentageOutlined aria-hidden />,
  whitelabels: <GlobalOutlined aria-hidden />,
  'providers-template': <SnippetsOutlined aria-hidden />,
  place: <EnvironmentOutlined aria-hidden />,
  logout: <LogoutOutlined aria-hidden />,
  default: <ApartmentOutlined aria-hidden />,
};

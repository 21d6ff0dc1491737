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
  profile: <IdcardOutlined />,
  dashboard: <DashboardOutlined />,
  searchers: <SearchOutlined />,
  agencies: <BankOutlined />,
  booking: <CalendarOutlined />,
  product: <AppstoreOutlined />,
  user: <TeamOutlined />,
  configuration: <SettingOutlined />,
  markup: <PercentageOutlined />,
  whitelabels: <GlobalOutlined />,
  'providers-template': <SnippetsOutlined />,
  place: <EnvironmentOutlined />,
  logout: <LogoutOutlined />,
  default: <ApartmentOutlined />,
};

import {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  ApartmentOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  TeamOutlined,
  CustomerServiceOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import React from 'react';

const ICONS: Record<string, React.ComponentType> = {
  dashboard: DashboardOutlined,
  team: TeamOutlined,
  task: ScheduleOutlined,
  news: FileTextOutlined,
  introduction: ProfileOutlined,
  organization: ApartmentOutlined,
  service: CustomerServiceOutlined,
  setting: SettingOutlined,
};

/** Menu icons by name (routes carry `menuIcon`), bundled with the admin layout only. */
export default function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}

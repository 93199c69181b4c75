import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BuildOutlined,
  CalendarOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  GoldOutlined,
  HomeOutlined,
  InboxOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Menu icons are antd icon names in kebab case (`safety-certificate`). A fixed map keeps the bundle
 * small (the whole icon set is megabytes); an unknown name falls back to a neutral tile.
 */
const ICONS: Record<string, () => ReactNode> = {
  'account-book': () => <AccountBookOutlined />,
  apartment: () => <ApartmentOutlined />,
  appstore: () => <AppstoreOutlined />,
  audit: () => <AuditOutlined />,
  'bar-chart': () => <BarChartOutlined />,
  bell: () => <BellOutlined />,
  build: () => <BuildOutlined />,
  calendar: () => <CalendarOutlined />,
  cluster: () => <ClusterOutlined />,
  control: () => <ControlOutlined />,
  dashboard: () => <DashboardOutlined />,
  database: () => <DatabaseOutlined />,
  'deployment-unit': () => <DeploymentUnitOutlined />,
  experiment: () => <ExperimentOutlined />,
  'file-text': () => <FileTextOutlined />,
  fund: () => <FundOutlined />,
  gold: () => <GoldOutlined />,
  home: () => <HomeOutlined />,
  inbox: () => <InboxOutlined />,
  project: () => <ProjectOutlined />,
  'question-circle': () => <QuestionCircleOutlined />,
  'safety-certificate': () => <SafetyCertificateOutlined />,
  schedule: () => <ScheduleOutlined />,
  setting: () => <SettingOutlined />,
  shop: () => <ShopOutlined />,
  'shopping-cart': () => <ShoppingCartOutlined />,
  solution: () => <SolutionOutlined />,
  team: () => <TeamOutlined />,
  thunderbolt: () => <ThunderboltOutlined />,
  tool: () => <ToolOutlined />,
  user: () => <UserOutlined />,
};

export function menuIcon(name: string | null | undefined): ReactNode {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/-?(outlined|filled|twotone)$/, '');
  return (ICONS[key] ?? ICONS.appstore)();
}

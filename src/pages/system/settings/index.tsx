import { PageContainer } from '@ant-design/pro-components';
import DisplayLinks from './components/DisplayLinks';
import HolidayCalendar from './components/HolidayCalendar';
import PlatformSettings from './components/PlatformSettings';
import './index.css';

/** /system/settings (admin): the platform's settings and the wall display's links. */
export default function SettingsPage() {
  return (
    <PageContainer title="平台设置" subTitle="平台名称、页脚信息、诉求办理期限与节假日，以及数据大屏的访问链接">
      <PlatformSettings />
      <HolidayCalendar />
      <DisplayLinks />
    </PageContainer>
  );
}

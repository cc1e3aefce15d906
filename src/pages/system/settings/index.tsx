import PageContainer from '@/components/PageContainer';
import SetupReminder from '@/components/SetupReminder';
import DemoData from './components/DemoData';
import DisplayLinks from './components/DisplayLinks';
import HolidayCalendar from './components/HolidayCalendar';
import PlatformSettings from './components/PlatformSettings';
import './index.css';

/** /system/settings (admin): the platform's settings, the wall display's links and clearing the demo. */
export default function SettingsPage() {
  return (
    <PageContainer title="平台设置" subTitle="平台名称、页脚信息、诉求办理期限与节假日、数据大屏的访问链接，以及清除演示数据">
      <SetupReminder place="settings" />
      <PlatformSettings />
      <HolidayCalendar />
      <DisplayLinks />
      <DemoData />
    </PageContainer>
  );
}

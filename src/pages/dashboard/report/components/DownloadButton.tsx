import { FileWordOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useId, useState } from 'react';
import type { ReportQuery } from '@common/contracts/reports';
import { downloadReportDocx } from '@/services/reports';
import { apiErrorMessage } from '@/utils/apiError';

/** 下载Word: the report of the period shown, as the .docx the server writes; a message while and after. */
export default function DownloadButton({ query, disabled }: { query: ReportQuery; disabled?: boolean }) {
  const { message } = App.useApp();
  const key = useId();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    message.open({ key, type: 'loading', content: '正在生成Word文档，请稍候…', duration: 0 });
    try {
      const { fileName } = await downloadReportDocx(query);
      message.open({ key, type: 'success', content: `已下载：${fileName}` });
    } catch (error) {
      message.open({ key, type: 'error', content: `下载失败：${apiErrorMessage(error)}`, duration: 5 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" icon={<FileWordOutlined />} loading={busy} disabled={disabled} onClick={run}>
      下载Word
    </Button>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useId, useState } from 'react';
import type { DownloadProgress } from '@/utils/download';
import { apiErrorMessage } from '@/utils/apiError';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * 导出Excel: runs a download (with the list's current filters, which the caller binds), with
 * progress while it comes and the reason if it fails. One message, updated in place.
 */
export default function ExportButton({ download }: { download: (onProgress: DownloadProgress) => Promise<{ fileName: string }> }) {
  const { message } = App.useApp();
  const key = useId();
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    setExporting(true);
    message.open({ key, type: 'loading', content: '正在生成Excel，请稍候…', duration: 0 });
    try {
      const { fileName } = await download((received, total) => {
        const progress = total ? `${Math.round((received / total) * 100)}%` : size(received);
        message.open({ key, type: 'loading', content: `正在下载Excel（${progress}）…`, duration: 0 });
      });
      message.open({ key, type: 'success', content: `已导出：${fileName}` });
    } catch (error) {
      message.open({ key, type: 'error', content: `导出失败：${apiErrorMessage(error)}`, duration: 5 });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={run}>
      {exporting ? '导出中' : '导出Excel'}
    </Button>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { type RankingParams, exportRanking } from '@/services/scores';
import { apiErrorMessage } from '@/utils/apiError';

const KEY = 'score-export';
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** 导出Excel with the ranking's current filters: progress while it downloads, the reason if it fails. */
export default function ExportButton({ filters }: { filters: () => Omit<RankingParams, 'current' | 'pageSize'> }) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    setExporting(true);
    message.open({ key: KEY, type: 'loading', content: '正在生成Excel，请稍候…', duration: 0 });
    try {
      const { fileName } = await exportRanking(filters(), (received, total) => {
        const progress = total ? `${Math.round((received / total) * 100)}%` : size(received);
        message.open({ key: KEY, type: 'loading', content: `正在下载Excel（${progress}）…`, duration: 0 });
      });
      message.open({ key: KEY, type: 'success', content: `已导出：${fileName}` });
    } catch (error) {
      message.open({ key: KEY, type: 'error', content: `导出失败：${apiErrorMessage(error)}`, duration: 5 });
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

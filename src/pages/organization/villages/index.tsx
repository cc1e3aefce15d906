/**
 * 组织架构 › 村（社区）: the town community and its villages as managed data (ADR 0050). Pickers,
 * charts, the wall display and 通报 follow this list and its order; an archived village leaves the
 * pickers and keeps its name on old records.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { TOWN_AREA_ID } from '@common/constants';
import { VILLAGE_STATUSES, VILLAGE_STATUS_LABELS, type VillageItem, type VillageStatus } from '@common/contracts/system';
import { useRecordDialog } from '@/components/FormDialog/RecordDialog';
import ListTable, { type ActionType, type ProColumns } from '@/components/ListTable';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { deleteVillage, queryVillages, setVillageArchived } from '@/services/system';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, compact, fitColumns, toTableResult } from '@/utils/table';
import VillageForm from './components/VillageForm';

const STATUS_ENUM = Object.fromEntries(VILLAGE_STATUSES.map((s) => [s, { text: VILLAGE_STATUS_LABELS[s] }]));

export default function VillagesPage() {
  const actionRef = useRef<ActionType>();
  const { modal, message } = App.useApp();
  const dialog = useRecordDialog<VillageItem>();
  const [loadError, setLoadError] = useState<string>();
  const [nextSortOrder, setNextSortOrder] = useState(1);

  /** Runs a step, says what it did, and reloads; a refusal is shown by the request layer. */
  const step = async (run: () => Promise<{ message?: string }>, fallback: string) => {
    try {
      const body = await run();
      message.success(body.message ?? fallback);
      actionRef.current?.reload();
    } catch {
      // already reported by the request layer
    }
  };

  const confirmArchive = (village: VillageItem) =>
    modal.confirm({
      title: `归档「${village.name}」？`,
      content: '归档后，新建用户、任务、新闻、诉求等的选择框中不再出现该村（社区）；已有的账号和记录保留原名称，可随时恢复。',
      okText: '归档',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => step(() => setVillageArchived(village.id, true), `已归档：${village.name}`),
    });
  const confirmRestore = (village: VillageItem) =>
    modal.confirm({
      title: `恢复「${village.name}」？`,
      content: '恢复后该村（社区）重新出现在各选择框、图表和数据大屏中。',
      okText: '恢复',
      cancelText: '取消',
      onOk: () => step(() => setVillageArchived(village.id, false), `已恢复：${village.name}`),
    });
  const confirmDelete = (village: VillageItem) =>
    modal.confirm({
      title: `删除「${village.name}」？`,
      content: '只有误建、还没有任何账号和记录的村（社区）可以删除；已使用的请改为归档。删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => step(() => deleteVillage(village.id), `已删除：${village.name}`),
    });

  const columns: ProColumns<VillageItem>[] = [
    { title: '排序', dataIndex: 'sortOrder', search: false, width: 72 },
    {
      title: '名称',
      dataIndex: 'name',
      width: 200,
      render: (_, village) => (
        <>
          <CellText text={village.name} />
          {village.id === TOWN_AREA_ID ? <Tag style={{ marginInlineStart: 8 }}>镇社区</Tag> : null}
        </>
      ),
    },
    { title: '统计用区划代码', dataIndex: 'code', search: false, width: 150, render: (_, village) => village.code ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      width: 96,
      render: (_, village) => (village.active ? <Tag color="green">使用中</Tag> : <Tag>已归档</Tag>),
    },
    { title: '编号', dataIndex: 'id', search: false, width: 72 },
    { title: '修改时间', dataIndex: 'updatedAt', search: false, width: 140, render: (_, village) => formatTime(village.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      render: (_, village) =>
        village.id === TOWN_AREA_ID ? (
          <RowActions>
            <RowLink onClick={() => dialog.show(village)}>编辑</RowLink>
          </RowActions>
        ) : (
          <RowActions danger={<DangerLink onClick={() => confirmDelete(village)}>删除</DangerLink>}>
            <RowLink onClick={() => dialog.show(village)}>编辑</RowLink>
            {village.active ? (
              <RowLink onClick={() => confirmArchive(village)}>归档</RowLink>
            ) : (
              <RowLink onClick={() => confirmRestore(village)}>恢复</RowLink>
            )}
          </RowActions>
        ),
    },
  ];

  return (
    <PageContainer title="村（社区）" subTitle="本镇的社区和各村：选择框、图表、数据大屏和通报都按这里的名单和排序">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<VillageItem, { name?: string; status?: VillageStatus }>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 20 }}
        request={async (params) => {
          const result = await toTableResult(
            queryVillages(compact({ current: params.current, pageSize: params.pageSize, name: params.name, status: params.status })),
          );
          setLoadError(undefined);
          // A new village goes after the last one seen unless the admin says otherwise.
          const highest = Math.max(0, ...result.data.map((v) => v.sortOrder));
          setNextSortOrder((n) => Math.max(n, highest + 1));
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: '没有符合条件的村（社区）' }}
        headerTitle="村（社区）名单"
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => dialog.show()}>
            新增村（社区）
          </Button>,
        ]}
      />
      <VillageForm dialog={dialog} nextSortOrder={nextSortOrder} onSaved={() => actionRef.current?.reload()} />
    </PageContainer>
  );
}

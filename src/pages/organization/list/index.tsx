import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Empty, Input, Popconfirm, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ORG_UNIT_DEPTH_MAX } from '@common/constants';
import { reachesTown } from '@common/scope';
import ListTable, { type ProColumns } from '@/components/ListTable';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { deleteOrgUnit, queryOrgUnits } from '@/services/orgUnits';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/useMediaQuery';
import { ADMIN_TABLE, fitColumns } from '@/utils/table';
import OrgUnitForm, { type OrgUnitFormTarget } from './components/OrgUnitForm';
import { type OrgUnitRow, allParentIds, countUnits, filterRows, toRows } from './components/orgTree';
import './index.css';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The unit's name with the searched words marked. */
function Highlighted({ text, word }: { text: string; word: string }) {
  if (!word || !text.includes(word)) return <>{text}</>;
  const parts = text.split(word);
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one name never move: their position is their identity.
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <mark className="org-unit-match">{word}</mark> : null}
        </span>
      ))}
    </>
  );
}

/** 组织架构: the org chart as a tree table (what /orgShow draws), with add, edit and delete. */
export default function OrganizationListPage() {
  const { message } = App.useApp();
  // The chart is the town's (ADR 0022): a village-scoped holder of the key reads it, the server
  // refuses its changes, so no change is offered.
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const canChange = !!user && reachesTown(user);
  const [expanded, setExpanded] = useState<number[]>();
  const tree = useRequest(async () => toRows((await queryOrgUnits({ skipErrorHandler: true })).data ?? []), {
    onSuccess: (rows) => {
      // First load: everything open (a township's chart is small).
      if (expanded === undefined) setExpanded(allParentIds(rows));
    },
  });
  const [keyword, setKeyword] = useState('');
  // On a phone a fixed column would cover the whole table: there it scrolls with the rest.
  const wide = useMediaQuery(WIDE_SCREEN);
  const [formTarget, setFormTarget] = useState<OrgUnitFormTarget>();
  const word = keyword.trim();
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const filtered = useMemo(() => filterRows(rows, word), [rows, word]);

  const remove = async (unit: OrgUnitRow) => {
    try {
      await deleteOrgUnit(unit.id);
      message.success(`已删除：${unit.name}`);
    } catch {
      // The request layer shows the server's reason (e.g. the unit still has sub-units).
    }
    tree.refresh();
  };

  const columns: ProColumns<OrgUnitRow>[] = [
    {
      title: '单位名称',
      dataIndex: 'name',
      width: 240,
      render: (_, unit) => (
        <span className="org-unit-name">
          <Highlighted text={unit.name} word={word} />
          {unit.childCount ? <Typography.Text type="secondary"> （{unit.childCount}）</Typography.Text> : null}
        </span>
      ),
    },
    { title: '负责人', dataIndex: 'leader', width: 96, render: (_, unit) => <CellText text={unit.leader} /> },
    { title: '职务', dataIndex: 'position', width: 110, render: (_, unit) => <CellText text={unit.position} /> },
    { title: '联系电话', dataIndex: 'phone', width: 124, render: (_, unit) => unit.phone || dash },
    { title: '排序', dataIndex: 'sort', width: 64, align: 'right' },
    {
      title: '成员',
      dataIndex: 'members',
      width: 150,
      // One line in the table; the whole list, a name a line, on hover.
      render: (_, unit) => (unit.members ? <CellText text={unit.members.replace(/\s*\n\s*/g, '、')} title={unit.members} /> : dash),
    },
  ];
  if (canChange) {
    columns.push({
      title: '操作',
      key: 'actions',
      fixed: wide ? 'right' : undefined,
      width: 170,
      render: (_, unit) => (
        <RowActions
          danger={
            <Popconfirm
              title={`删除「${unit.name}」？`}
              description={unit.childCount ? `该单位下有${unit.childCount}个下级单位。` : '删除后不可恢复。'}
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove(unit)}
            >
              <DangerLink>删除</DangerLink>
            </Popconfirm>
          }
        >
          {unit.depth >= ORG_UNIT_DEPTH_MAX ? (
            <Tooltip title={`组织架构最多${ORG_UNIT_DEPTH_MAX}级，不能再添加下级`}>
              <Typography.Text type="secondary" style={{ cursor: 'not-allowed' }}>
                添加下级
              </Typography.Text>
            </Tooltip>
          ) : (
            <RowLink onClick={() => setFormTarget({ mode: 'create', parent: unit })}>添加下级</RowLink>
          )}
          <RowLink onClick={() => setFormTarget({ mode: 'edit', unit })}>编辑</RowLink>
        </RowActions>
      ),
    });
  }

  const total = countUnits(rows);
  const emptyText = tree.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="组织架构加载失败" />
  ) : word ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有名称包含“${word}”的单位`}>
      <Button onClick={() => setKeyword('')}>清除搜索</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={canChange ? '还没有组织架构，先添加一个顶级单位，例如“镇综合治理中心”' : '还没有组织架构'}
    >
      {canChange ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create' })}>
          新增顶级单位
        </Button>
      ) : null}
    </Empty>
  );

  return (
    <PageContainer
      title="组织架构"
      subTitle="单位的上下级关系、负责人和成员，公开页面“组织架构”按此显示"
      extra={
        <Button key="public" icon={<ExportOutlined />} href="/orgShow" target="_blank" rel="noopener noreferrer">
          查看组织架构图
        </Button>
      }
    >
      <LoadError message={tree.error ? pageErrorMessage(tree.error) : undefined} onRetry={tree.refresh} />
      {canChange ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="组织架构全镇共用，只有数据范围为“全部数据”的用户可以新增、修改或删除单位，您可以查看"
        />
      )}
      {/* A tree, small and whole: no paging and no search form, the name filter is in the toolbar. */}
      <ListTable<OrgUnitRow>
        rowKey="id"
        columns={columns}
        dataSource={filtered.rows}
        loading={tree.loading}
        pagination={false}
        search={false}
        options={{ reload: () => tree.refresh() }}
        headerTitle={
          word ? (
            <span role="status">
              找到 {filtered.matches} 个名称包含“{word}”的单位
            </span>
          ) : total ? (
            `共 ${total} 个单位`
          ) : (
            '单位'
          )
        }
        toolBarRender={() => [
          <Input.Search
            key="search"
            allowClear
            placeholder="搜索单位名称"
            aria-label="搜索单位名称"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 200 }}
          />,
          <Button key="expand" onClick={() => setExpanded(allParentIds(rows))} disabled={!!word}>
            展开全部
          </Button>,
          <Button key="collapse" onClick={() => setExpanded([])} disabled={!!word}>
            收起全部
          </Button>,
          canChange ? (
            <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create' })}>
              新增顶级单位
            </Button>
          ) : null,
        ]}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        expandable={{
          // While searching, the paths to the matches are open; otherwise the user's choice.
          expandedRowKeys: word ? filtered.expand : (expanded ?? []),
          onExpandedRowsChange: (keys) => {
            if (!word) setExpanded(keys as number[]);
          },
          indentSize: 20,
        }}
        locale={{ emptyText }}
      />
      <OrgUnitForm
        target={formTarget}
        rows={rows}
        onClose={() => setFormTarget(undefined)}
        onSaved={(parentId) => {
          setFormTarget(undefined);
          if (parentId !== null) setExpanded((keys) => Array.from(new Set([...(keys ?? []), parentId])));
          tree.refresh();
        }}
      />
    </PageContainer>
  );
}

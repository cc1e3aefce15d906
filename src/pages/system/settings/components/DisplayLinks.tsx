import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { App, Alert, Button, Card, Empty, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { DisplayLink, NewDisplayLink } from '@common/contracts/stats';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import LoadError from '@/components/LoadError';
import { DangerLink, RowActions } from '@/components/TableParts';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { createDisplayLink, queryDisplayLinks, revokeDisplayLink } from '@/services/stats';
import { handleFormError } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { appUrl } from '@/utils/session';
import { FIELD_RULES } from '@/utils/formRules';

const PAGE_SIZE = 10;

/** The address a wall screen opens: this site's /screen with the key. */
const screenUrl = (key: string) => `${window.location.origin}${appUrl(`/screen?key=${encodeURIComponent(key)}`)}`;

/** The new link, shown once: the key is not stored, so it cannot be shown again. */
function NewLinkModal({ link, onClose }: { link?: NewDisplayLink; onClose: () => void }) {
  const { message } = App.useApp();
  const url = link ? screenUrl(link.key) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success('链接已复制');
    } catch {
      message.warning('浏览器不允许自动复制，请选中链接后按 Ctrl+C 复制');
    }
  };
  return (
    <Modal
      open={!!link}
      title={`大屏链接「${link?.name ?? ''}」已生成`}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存好链接
        </Button>
      }
      width={640}
    >
      <Alert
        type="warning"
        showIcon
        message="链接只显示这一次"
        description="请现在复制并在大屏电脑的浏览器中打开（可设为开机启动页）。关闭后无法再次查看；丢失时停用它并重新生成。"
        style={{ marginBottom: 16 }}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url} aria-label="大屏链接" onFocus={(e) => e.target.select()} />
        <Button type="primary" onClick={copy}>
          复制
        </Button>
      </Space.Compact>
    </Modal>
  );
}

/** 生成链接 and its dialog: the new link's name (Enter in its one field creates it: the browser submits a one-field form); `onCreated` gets the link with its key. */
function CreateLink({ onCreated }: { onCreated: (link?: NewDisplayLink) => void }) {
  const formRef = useRef<ProFormInstance<{ name: string }>>();
  const [open, setOpen] = useState(false);

  const create = async (values: { name: string }) => {
    try {
      const link = (await createDisplayLink({ name: values.name.trim() }, { skipErrorHandler: true })).data;
      setOpen(false);
      onCreated(link);
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        生成链接
      </Button>
      <ModalForm<{ name: string }>
        title="生成大屏链接"
        {...dialogState(open, () => setOpen(false))}
        name="displayLinkForm"
        formRef={formRef}
        width={480}
        autoComplete="off"
        modalProps={{ ...FRESH_DIALOG, okText: '生成' }}
        onFinish={create}
      >
        <ProFormText
          name="name"
          label="名称"
          extra="写明这块屏在哪里，便于日后停用"
          placeholder="例如：一楼大厅东墙"
          fieldProps={{ allowClear: true, maxLength: LIMITS.displayLinkName, showCount: true }}
          rules={[{ required: true, whitespace: true, message: '请填写名称' }, FIELD_RULES.visibleText]}
        />
      </ModalForm>
    </>
  );
}

/** 大屏链接: read-only keys that open /screen on a wall display without anyone signed in. */
export default function DisplayLinks() {
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [created, setCreated] = useState<NewDisplayLink>();
  const links = useRequest(async () => (await queryDisplayLinks({ current, pageSize: PAGE_SIZE }, { skipErrorHandler: true })).data, {
    refreshDeps: [current],
  });

  const revoke = async (link: DisplayLink) => {
    try {
      await revokeDisplayLink(link.id);
      message.success(`已停用：${link.name}`);
    } catch {
      // The request layer says why.
    }
    links.refresh();
  };

  return (
    <Card
      title="大屏链接"
      className="settings-card"
      extra={
        <CreateLink
          onCreated={(link) => {
            setCreated(link);
            links.refresh();
          }}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        数据大屏不需要登录：用这里生成的链接打开即可，链接只能查看大屏数据，不能做任何修改。屏幕更换或链接外泄时，停用该链接即可。
      </Typography.Paragraph>
      <LoadError message={links.error ? pageErrorMessage(links.error) : undefined} onRetry={links.refresh} />
      <Table<DisplayLink>
        rowKey="id"
        size="middle"
        loading={links.loading}
        dataSource={links.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有大屏链接，点击右上角“生成链接”" /> }}
        pagination={
          (links.data?.total ?? 0) > PAGE_SIZE ? { current, pageSize: PAGE_SIZE, total: links.data?.total, onChange: setCurrent } : false
        }
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '密钥开头', dataIndex: 'keyPrefix', width: 110, render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
          { title: '生成人', dataIndex: 'createdByName', width: 110 },
          { title: '生成时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          {
            title: '最近使用',
            dataIndex: 'lastUsedAt',
            width: 170,
            render: (v: string | null) => (v ? formatTime(v) : <Typography.Text type="secondary">未使用</Typography.Text>),
          },
          {
            title: '状态',
            dataIndex: 'revokedAt',
            width: 90,
            render: (v: string | null) => (v ? <Tag>已停用</Tag> : <Tag color="green">可用</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, link) =>
              link.revokedAt ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <RowActions
                  danger={
                    <Popconfirm
                      title={`停用「${link.name}」？`}
                      description="停用后，用这个链接打开的大屏会立即显示“链接已停用”，不能恢复。"
                      okText="停用"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => revoke(link)}
                    >
                      <DangerLink>停用</DangerLink>
                    </Popconfirm>
                  }
                />
              ),
          },
        ]}
      />
      <NewLinkModal link={created} onClose={() => setCreated(undefined)} />
    </Card>
  );
}

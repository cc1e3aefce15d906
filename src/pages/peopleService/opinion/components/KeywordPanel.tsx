import { ProForm, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { App, Button, Card, List, Popconfirm, Result, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { OpinionKeyword } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { DangerLink } from '@/components/TableParts';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { createOpinionKeyword, deleteOpinionKeyword, queryOpinionKeywords } from '@/services/opinions';
import { handleFormError } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { FIELD_RULES } from '@/utils/formRules';

const PAGE_SIZE = 5;

/**
 * The watch keywords: an appeal or photo report whose title or content contains one becomes an
 * opinion item by itself. Added here (a duplicate is refused by the server, shown on the field),
 * deleted after a confirmation; the items a keyword made stay.
 */
export default function KeywordPanel() {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<{ keyword: string }>>();
  const [current, setCurrent] = useState(1);
  const keywords = useRequest(async () => (await queryOpinionKeywords({ current, pageSize: PAGE_SIZE }, { skipErrorHandler: true })).data, {
    refreshDeps: [current],
  });

  const reloadFirstPage = () => (current === 1 ? keywords.refresh() : setCurrent(1));

  const add = async ({ keyword }: { keyword: string }) => {
    const text = keyword.trim();
    try {
      await createOpinionKeyword({ keyword: text }, { skipErrorHandler: true });
      message.success(`已添加监测关键词「${text}」`);
      formRef.current?.resetFields();
      reloadFirstPage();
    } catch (error) {
      // 409: already watched. The server's words go under the field; what was typed stays.
      handleFormError(error, formRef.current);
    }
  };

  const remove = async (keyword: OpinionKeyword) => {
    try {
      await deleteOpinionKeyword(keyword.id);
      message.success(`已删除监测关键词「${keyword.keyword}」`);
    } catch {
      // The request layer already showed the server's reason (e.g. someone else deleted it first).
    }
    // The last one on its page: show the page before.
    if (keywords.data?.list.length === 1 && current > 1) setCurrent(current - 1);
    else keywords.refresh();
  };

  const failed = keywords.error && !keywords.data;

  return (
    <Card title="监测关键词" size="small" className="opinion-card">
      <Typography.Paragraph type="secondary" className="opinion-keyword-hint">
        群众诉求、随手拍的标题或内容包含这些关键词时，系统自动生成一条舆情。
      </Typography.Paragraph>
      {/* One field: Enter adds it, as 添加 does (ProForm's submit, spinning while the server answers). */}
      <ProForm<{ keyword: string }>
        formRef={formRef}
        name="opinionKeywordForm"
        layout="horizontal"
        className="opinion-keyword-form"
        autoFocusFirstInput={false}
        onFinish={add}
        submitter={{ searchConfig: { submitText: '添加' }, resetButtonProps: false }}
      >
        <ProFormText
          name="keyword"
          formItemProps={{ className: 'opinion-keyword-field' }}
          placeholder="例如：漏水、塌方"
          fieldProps={{ 'aria-label': '新的监测关键词', count: { show: true, max: LIMITS.opinionKeyword } }}
          rules={[
            { required: true, whitespace: true, message: '请输入关键词' },
            { max: LIMITS.opinionKeyword, message: `关键词不能超过${LIMITS.opinionKeyword}个字` },
            FIELD_RULES.visibleText,
          ]}
        />
      </ProForm>
      {failed ? (
        <Result
          status="warning"
          title="关键词加载失败"
          subTitle={pageErrorMessage(keywords.error)}
          extra={<Button onClick={keywords.refresh}>重试</Button>}
        />
      ) : (
        <List<OpinionKeyword>
          size="small"
          loading={keywords.loading}
          dataSource={keywords.data?.list ?? []}
          locale={{ emptyText: '还没有监测关键词。添加后，系统会从群众诉求、随手拍中自动发现相关舆情。' }}
          pagination={
            (keywords.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current,
                  pageSize: PAGE_SIZE,
                  total: keywords.data?.total ?? 0,
                  size: 'small',
                  onChange: setCurrent,
                  showTotal: (total) => `共 ${total} 个`,
                }
              : false
          }
          renderItem={(keyword) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="delete"
                  title={`删除监测关键词「${keyword.keyword}」？`}
                  description={`之后不再据此自动生成舆情；已由它生成的舆情（${keyword.matches} 条）会保留。`}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(keyword)}
                >
                  <DangerLink aria-label={`删除监测关键词「${keyword.keyword}」`}>删除</DangerLink>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    <Tag color="blue">{keyword.keyword}</Tag>
                    <span className="people-cell-sub">{`已生成 ${keyword.matches} 条舆情`}</span>
                  </span>
                }
                description={`${keyword.createdByName} 添加于 ${formatTime(keyword.createdAt)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

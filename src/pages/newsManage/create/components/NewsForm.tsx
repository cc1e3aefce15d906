import { FooterToolbar, ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { App, Button, Card, Col, Form, Row, Switch } from 'antd';
import { useState } from 'react';
import type { NewsDetail } from '@common/contracts/content';
import { LIMITS } from '@common/limits';
import CoverUpload from '@/components/ImageUpload/CoverUpload';
import RichTextEditor, { isRichTextBlank } from '@/components/RichTextEditor';
import { useLeaveConfirm } from '@/hooks/useLeaveConfirm';
import type { Option } from '@/hooks/useReferenceOptions';
import { createNews, publishNews, updateNews } from '@/services/news';
import { apiErrorBody, apiErrorMessage, handleFormError } from '@/utils/apiError';
import { NEWS_COLUMN_OPTIONS, TOWN_WIDE, TOWN_WIDE_LABEL, useOwnNewsArea } from '../../components/newsMeta';
import { EMPTY_NEWS, NEWS_FIELD_MAP, type NewsFormValues, fromNews, toNewsBody } from './newsFormValues';
import { FIELD_RULES } from '@/utils/formRules';

/** A wrong field scrolled to the middle of the window: clear of the fixed header above and the footer bar below. */
const FIRST_ERROR_SCROLL = { block: 'center' } as const;

interface Props {
  /** The news being edited; undefined writes a new one (saved as a draft). */
  news?: NewsDetail;
  areaOptions: Option[];
}

const LIST_PATH = '/newsManage/list';

export default function NewsForm({ news, areaOptions }: Props) {
  const [form] = Form.useForm<NewsFormValues>();
  const { modal, message } = App.useApp();
  const [saving, setSaving] = useState<'save' | 'publish'>();
  const [dirty, setDirty] = useState(false);
  const release = useLeaveConfirm(dirty);
  const status = news?.status;
  const ownArea = useOwnNewsArea();

  const leaveTo = (path: string) => {
    release();
    setDirty(false);
    history.push(path);
  };

  /** Creates or updates the news; resolves to its id. */
  const save = async (values: NewsFormValues): Promise<number> => {
    const body = toNewsBody(values);
    if (news) {
      await updateNews(news.id, body, { skipErrorHandler: true });
      return news.id;
    }
    const created = await createNews(body, { skipErrorHandler: true });
    return created.data?.id as number;
  };

  /** The values when every field passes; else the first wrong field is brought into view, as 发布 does. */
  const validated = async () => {
    try {
      return await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, FIRST_ERROR_SCROLL);
      return undefined;
    }
  };

  const onSave = async (checked?: NewsFormValues) => {
    const values = checked ?? (await validated());
    if (!values) return;
    setSaving('save');
    try {
      await save(values);
      const title = values.title.trim();
      message.success(
        status === 'published' ? `修改已保存并生效：${title}` : status === 'offline' ? `已保存：${title}` : `草稿已保存：${title}`,
      );
      leaveTo(LIST_PATH);
    } catch (error) {
      handleFormError(error, form, NEWS_FIELD_MAP);
    } finally {
      setSaving(undefined);
    }
  };

  const publish = async (values: NewsFormValues) => {
    setSaving('publish');
    let savedId: number | undefined;
    try {
      savedId = await save(values);
      await publishNews(savedId, { skipErrorHandler: true });
      message.success(`新闻已发布：${values.title.trim()}`);
      leaveTo(LIST_PATH);
    } catch (error) {
      if (savedId === undefined) {
        handleFormError(error, form, NEWS_FIELD_MAP);
      } else {
        // Saved but not published: keep editing that item so a retry does not create a second one.
        const known = new Set(Object.keys(EMPTY_NEWS));
        const fields = (apiErrorBody(error)?.errors ?? [])
          .map((e) => ({ name: NEWS_FIELD_MAP[e.field] ?? e.field, errors: [e.message] }))
          .filter((f) => known.has(f.name));
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        message.error(`新闻已保存，但发布失败：${apiErrorMessage(error)}`);
        if (!news) {
          release();
          setDirty(false);
          history.replace(`/newsManage/create?id=${savedId}`);
        }
      }
    } finally {
      setSaving(undefined);
    }
  };

  // 发布 submits the form: a wrong field scrolls into view (scrollToFirstError), else it asks first.
  const onPublish = (values: NewsFormValues) => {
    const area = values.area === TOWN_WIDE ? TOWN_WIDE_LABEL : (areaOptions.find((a) => a.value === values.area)?.label ?? '');
    modal.confirm({
      title: `发布新闻「${values.title.trim()}」？`,
      content: `发布后，所有人都可以在手机端和公开页面上看到这条${area ? `${area}的` : ''}新闻${values.pinned ? '，并在手机首页轮播中置顶显示' : ''}。发布后仍可修改或下线。`,
      okText: '发布',
      cancelText: '取消',
      onOk: () => publish(values),
    });
  };

  const areaSelectOptions = ownArea
    ? areaOptions.filter((a) => a.value === ownArea)
    : [{ value: TOWN_WIDE, label: TOWN_WIDE_LABEL }, ...areaOptions];

  return (
    <ProForm<NewsFormValues>
      name="newsForm"
      form={form}
      layout="vertical"
      initialValues={news ? fromNews(news) : { ...EMPTY_NEWS, area: ownArea ?? TOWN_WIDE }}
      onValuesChange={() => setDirty(true)}
      autoFocusFirstInput={false}
      scrollToFirstError={FIRST_ERROR_SCROLL}
      // The form's own values, not ProForm's converted copy (it drops empty ones). A published item's
      // primary button is 保存修改, an unpublished one's 发布.
      onFinish={async () => {
        const values = form.getFieldsValue(true);
        if (status === 'published') await onSave(values);
        else onPublish(values);
      }}
      submitter={{
        // In the page, not at the end of body: it hides with its workbench tab (ADR 0032).
        render: () => (
          <FooterToolbar portalDom={false}>
            <Button onClick={() => history.push(LIST_PATH)}>返回列表</Button>
            {status === 'published' ? (
              <Button type="primary" htmlType="submit" loading={saving === 'save'}>
                保存修改
              </Button>
            ) : (
              <>
                <Button loading={saving === 'save'} disabled={saving === 'publish'} onClick={() => onSave()}>
                  {status === 'offline' ? '保存' : '保存草稿'}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving === 'publish'} disabled={saving === 'save'}>
                  {status === 'offline' ? '重新发布' : '发布'}
                </Button>
              </>
            )}
          </FooterToolbar>
        ),
      }}
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title="新闻内容" style={{ marginBottom: 16 }}>
            <ProFormText
              name="title"
              label="标题"
              placeholder="例如：我镇召开2024年人居环境整治推进会"
              fieldProps={{ maxLength: LIMITS.newsTitle, showCount: true }}
              rules={[
                { required: true, whitespace: true, message: '请输入新闻标题' },
                { max: LIMITS.newsTitle, message: `标题不能超过${LIMITS.newsTitle}个字` },
                FIELD_RULES.visibleText,
              ]}
            />
            <ProFormTextArea
              name="summary"
              label="摘要"
              tooltip="显示在新闻列表和手机首页上；不填写时自动取正文开头的文字"
              placeholder="用一两句话概括新闻内容"
              fieldProps={{ maxLength: LIMITS.newsSummary, showCount: true, autoSize: { minRows: 2, maxRows: 5 } }}
              rules={[{ max: LIMITS.newsSummary, message: `摘要不能超过${LIMITS.newsSummary}个字` }]}
            />
            <ProForm.Item
              name="content"
              label="正文"
              required
              rules={[
                {
                  validator: (_: unknown, value: string) =>
                    isRichTextBlank(value) ? Promise.reject(new Error('请输入新闻正文')) : Promise.resolve(),
                },
              ]}
            >
              <RichTextEditor placeholder="请输入新闻正文，可插入图片" height={420} />
            </ProForm.Item>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="发布设置" style={{ marginBottom: 16 }}>
            <ProFormSelect
              name="column"
              label="栏目"
              placeholder="请选择栏目"
              options={NEWS_COLUMN_OPTIONS}
              rules={[{ required: true, message: '请选择栏目' }]}
            />
            <ProFormSelect
              name="area"
              label="所属区域"
              extra={ownArea ? '您的账号只能发布本村（社区）的新闻' : '选择“全镇”表示面向全镇；选择某个村（社区）时，该村的新闻中也会显示'}
              options={areaSelectOptions}
              fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
              rules={[{ required: true, message: '请选择所属区域' }]}
            />
            <ProForm.Item name="pinned" label="置顶" valuePropName="checked" extra="置顶的新闻排在列表最前，并在手机首页轮播显示">
              <Switch checkedChildren="置顶" unCheckedChildren="不置顶" />
            </ProForm.Item>
            <ProForm.Item name="cover" label="封面图">
              <CoverUpload hint="建议横图（16:9），列表和首页轮播会裁剪显示" />
            </ProForm.Item>
          </Card>
        </Col>
      </Row>
    </ProForm>
  );
}

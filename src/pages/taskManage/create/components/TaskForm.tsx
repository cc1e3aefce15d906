import { history } from '@umijs/max';
import { App, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DEFAULT_IMAGE_NUM, MAX_IMAGE_NUM, TEMPLATE_TYPES, imageRuleLabel } from '@common/constants';
import type { TaskDetail } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import FooterBar from '@/components/PageContainer/FooterBar';
import RichTextEditor, { isRichTextBlank } from '@/components/RichTextEditor';
import { useWorkbenchTab } from '@/components/Workbench/context';
import type { Option } from '@/hooks/useReferenceOptions';
import { createTask, publishTask, updateTask } from '@/services/tasks';
import { apiErrorBody, apiErrorMessage, handleFormError } from '@/utils/apiError';
import { CATEGORY_OPTIONS, areaNames } from '../../components/taskMeta';
import { EMPTY_TASK, type TaskFormValues, fromTask, toTaskBody } from './taskFormValues';
import TargetAreasField from './TargetAreasField';
import { FIELD_RULES } from '@/utils/formRules';

interface Props {
  /** The draft being edited; undefined writes a new task. */
  task?: TaskDetail;
  areaOptions: Option[];
  groupOptions: Option[];
  /** The image rule a new task starts with: the one most recent tasks with images use (`basedOn` of them). */
  imageRule: { imageNum: number; basedOn: number };
}

const TEMPLATE_OPTIONS = TEMPLATE_TYPES.map((t) => ({ value: String(t.value), label: t.label }));

/** Deadline presets: a few days ahead, at the end of the working day. */
const deadlinePresets = () =>
  [
    { label: '3天后', days: 3 },
    { label: '一周后', days: 7 },
    { label: '两周后', days: 14 },
    { label: '一个月后', days: 30 },
  ].map(({ label, days }) => ({ label, value: dayjs().add(days, 'day').hour(18).minute(0).second(0) }));

export default function TaskForm({ task, areaOptions, groupOptions, imageRule }: Props) {
  const [form] = Form.useForm<TaskFormValues>();
  const { modal, message } = App.useApp();
  const [saving, setSaving] = useState<'draft' | 'publish'>();
  const tab = useWorkbenchTab();
  const ticked = Form.useWatch('template', form) ?? [];
  const imageNum = Form.useWatch('imageNum', form);
  const withImages = ticked.includes('2');

  /** Creates or updates the draft; resolves to its id. Field errors from the server land on the form. */
  const saveDraft = async (values: TaskFormValues): Promise<number> => {
    const body = toTaskBody(values);
    if (task) {
      await updateTask(task.id, body, { skipErrorHandler: true });
      return task.id;
    }
    const created = await createTask(body, { skipErrorHandler: true });
    return created.data?.id as number;
  };

  const onSaveDraft = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving('draft');
    try {
      await saveDraft(values);
      message.success(`草稿已保存：${values.title.trim()}`);
      tab?.closeOnLeave(); // the form is done: its workbench tab closes behind the list
      history.push('/taskManage/list?status=draft');
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(undefined);
    }
  };

  const publish = async (values: TaskFormValues) => {
    setSaving('publish');
    let savedId: number | undefined;
    try {
      savedId = await saveDraft(values);
      await publishTask(savedId, { skipErrorHandler: true });
      message.success(`任务已发布：${values.title.trim()}`);
      tab?.closeOnLeave();
      history.push('/taskManage/list');
    } catch (error) {
      if (savedId === undefined) {
        handleFormError(error, form);
      } else {
        // Saved but not published: keep editing that draft so a retry does not create a second one.
        const fields = (apiErrorBody(error)?.errors ?? []).filter((e) => e.field in EMPTY_TASK);
        form.setFields(fields.map((e) => ({ name: e.field as keyof TaskFormValues, errors: [e.message] })));
        message.error(`任务已保存为草稿，但发布失败：${apiErrorMessage(error)}`);
        if (!task) history.replace(`/taskManage/create?id=${savedId}`);
      }
    } finally {
      setSaving(undefined);
    }
  };

  const onPublish = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    modal.confirm({
      title: `发布任务「${values.title.trim()}」？`,
      content: `发布后，${areaNames(values.areas, areaOptions, 4)}的村干部/网格员即可在手机上看到并提交完成情况；任务内容不能再修改，只能关闭。`,
      okText: '发布',
      cancelText: '取消',
      onOk: () => publish(values),
    });
  };

  return (
    <Form<TaskFormValues>
      name="taskForm"
      form={form}
      layout="vertical"
      initialValues={task ? fromTask(task) : { ...EMPTY_TASK, imageNum: imageRule.imageNum }}
      scrollToFirstError
      requiredMark
    >
      <Card title="基本信息" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="title"
              label="任务标题"
              rules={[
                { required: true, whitespace: true, message: '请输入任务标题' },
                { max: LIMITS.taskTitle, message: `任务标题不能超过${LIMITS.taskTitle}个字符` },
                FIELD_RULES.visibleText,
              ]}
            >
              <Input placeholder="例如：开展春季人居环境整治" maxLength={LIMITS.taskTitle} showCount />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item name="category" label="工作类别" rules={[{ required: true, message: '请选择工作类别' }]}>
              <Select placeholder="请选择工作类别" options={CATEGORY_OPTIONS} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item
              name="points"
              label="奖励积分"
              tooltip="审核通过后记入提交人的积分"
              rules={[{ required: true, message: '请输入奖励积分' }]}
            >
              <InputNumber
                min={0}
                max={LIMITS.taskPoints}
                precision={0}
                placeholder={`0-${LIMITS.taskPoints}`}
                style={{ width: '100%' }}
                addonAfter="分"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="content"
          label="任务内容"
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            {
              validator: (_, value: string) => (isRichTextBlank(value) ? Promise.reject(new Error('请输入任务内容')) : Promise.resolve()),
            },
          ]}
          required
        >
          <RichTextEditor placeholder="请写明任务要求、完成标准和注意事项，可插入图片" height={320} />
        </Form.Item>
      </Card>

      <Card title="提交要求与范围" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="template"
              label="提交模板"
              extra="村干部提交完成情况时需要填写的内容"
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种提交内容' }]}
            >
              <Checkbox.Group options={TEMPLATE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="图片数量"
              required={withImages}
              extra={
                imageRule.basedOn && !task
                  ? `已按近期 ${imageRule.basedOn} 个带图片任务中最常用的要求预填；最多${MAX_IMAGE_NUM}张`
                  : `最多${MAX_IMAGE_NUM}张`
              }
            >
              <Space align="center" wrap>
                <Form.Item name="imageNum" noStyle>
                  <InputNumber
                    aria-label="图片数量"
                    aria-describedby="image-num-zero"
                    min={0}
                    max={MAX_IMAGE_NUM}
                    precision={0}
                    disabled={!withImages}
                    style={{ width: 120 }}
                    addonAfter="张"
                  />
                </Form.Item>
                <Typography.Text type={withImages ? undefined : 'secondary'} data-testid="image-rule">
                  {withImages ? `需提交：${imageRuleLabel(imageNum ?? 0)}` : '不要求图片'}
                </Typography.Text>
                <Typography.Text type="secondary" id="image-num-zero">
                  （填 0 表示默认{DEFAULT_IMAGE_NUM}张）
                </Typography.Text>
              </Space>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <TargetAreasField areaOptions={areaOptions} />
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="groupIds" label="目标分组" extra="可不选：不选时目标区域内的全部村干部/网格员都会收到任务">
              <Select mode="multiple" placeholder="不限分组" options={groupOptions} optionFilterProp="label" allowClear />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="deadline"
          label="截止时间"
          extra="截止后仍可提交，但会标记为逾期"
          rules={[
            { required: true, message: '请选择截止时间' },
            {
              validator: (_, value?: Dayjs | null) =>
                !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('截止时间必须晚于当前时间')),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder="请选择截止时间"
            presets={deadlinePresets()}
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: 260 }}
          />
        </Form.Item>
      </Card>

      {/* In the page, not at the end of body: it hides with its workbench tab (ADR 0032). */}
      <FooterBar>
        <Button onClick={() => history.push('/taskManage/list')}>返回列表</Button>
        <Button loading={saving === 'draft'} disabled={saving === 'publish'} onClick={onSaveDraft}>
          保存草稿
        </Button>
        <Button type="primary" loading={saving === 'publish'} disabled={saving === 'draft'} onClick={onPublish}>
          发布
        </Button>
      </FooterBar>
    </Form>
  );
}

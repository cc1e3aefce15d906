import {
  FooterToolbar,
  ProForm,
  ProFormCheckbox,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { App, Button, Card, Col, Form, InputNumber, Row, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DEFAULT_IMAGE_NUM, MAX_IMAGE_NUM, TEMPLATE_TYPES, imageRuleLabel } from '@common/constants';
import type { TaskDetail } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import RichTextEditor, { isRichTextBlank } from '@/components/RichTextEditor';
import { useWorkbenchTab } from '@/components/Workbench/context';
import type { Option } from '@/hooks/useReferenceOptions';
import { createTask, publishTask, updateTask } from '@/services/tasks';
import { apiErrorBody, apiErrorMessage, fieldPath, handleFormError } from '@/utils/apiError';
import { CATEGORY_OPTIONS, areaNames } from '../../components/taskMeta';
import { EMPTY_TASK, type TaskFormValues, fromTask, toTaskBody } from './taskFormValues';
import TargetAreasField from './TargetAreasField';
import TaskFieldsCard from './TaskFieldsCard';
import { FIELD_RULES } from '@/utils/formRules';

interface Props {
  /** The draft being edited; undefined writes a new task. */
  task?: TaskDetail;
  areaOptions: Option[];
  groupOptions: Option[];
}

/** A wrong field scrolled to the middle of the window: clear of the fixed header above and the footer bar below. */
const FIRST_ERROR_SCROLL = { block: 'center' } as const;

const TEMPLATE_OPTIONS = TEMPLATE_TYPES.map((t) => ({ value: String(t.value), label: t.label }));

/** Deadline presets: a few days ahead, at the end of the working day. */
const deadlinePresets = () =>
  [
    { label: '3天后', days: 3 },
    { label: '一周后', days: 7 },
    { label: '两周后', days: 14 },
    { label: '一个月后', days: 30 },
  ].map(({ label, days }) => ({ label, value: dayjs().add(days, 'day').hour(18).minute(0).second(0) }));

export default function TaskForm({ task, areaOptions, groupOptions }: Props) {
  const [form] = Form.useForm<TaskFormValues>();
  const { modal, message } = App.useApp();
  const [saving, setSaving] = useState<'draft' | 'publish'>();
  const tab = useWorkbenchTab();

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
    const values = await validated();
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
        const fields = (apiErrorBody(error)?.errors ?? []).filter((e) => e.field.split('.')[0] in EMPTY_TASK);
        form.setFields(fields.map((e) => ({ name: fieldPath(e.field) as keyof TaskFormValues, errors: [e.message] })));
        message.error(`任务已保存为草稿，但发布失败：${apiErrorMessage(error)}`);
        if (!task) history.replace(`/taskManage/create?id=${savedId}`);
      }
    } finally {
      setSaving(undefined);
    }
  };

  // 发布 submits the form: a wrong field scrolls into view (scrollToFirstError), else it asks first.
  const onPublish = async (values: TaskFormValues) => {
    modal.confirm({
      title: `发布任务「${values.title.trim()}」？`,
      content: `发布后，${areaNames(values.areas, areaOptions, 4)}的村干部/网格员即可在手机上看到并提交完成情况；任务内容不能再修改，只能关闭。`,
      okText: '发布',
      cancelText: '取消',
      onOk: () => publish(values),
    });
  };

  return (
    <ProForm<TaskFormValues>
      name="taskForm"
      form={form}
      layout="vertical"
      // A new task asks for the specification's default: 0, shown as 默认3张 (docs/product.md §2).
      initialValues={task ? fromTask(task) : EMPTY_TASK}
      autoFocusFirstInput={false}
      scrollToFirstError={FIRST_ERROR_SCROLL}
      requiredMark
      // The form's own values, not ProForm's converted copy: toTaskBody reads the deadline as a date.
      onFinish={async () => onPublish(form.getFieldsValue(true))}
      submitter={{
        // In the page, not at the end of body: it hides with its workbench tab (ADR 0032).
        render: () => (
          <FooterToolbar portalDom={false}>
            <Button onClick={() => history.push('/taskManage/list')}>返回列表</Button>
            <Button loading={saving === 'draft'} disabled={saving === 'publish'} onClick={onSaveDraft}>
              保存草稿
            </Button>
            <Button type="primary" htmlType="submit" loading={saving === 'publish'} disabled={saving === 'draft'}>
              发布
            </Button>
          </FooterToolbar>
        ),
      }}
    >
      <Card title="基本信息" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <ProFormText
              name="title"
              label="任务标题"
              placeholder="例如：开展春季人居环境整治"
              fieldProps={{ maxLength: LIMITS.taskTitle, showCount: true }}
              rules={[
                { required: true, whitespace: true, message: '请输入任务标题' },
                { max: LIMITS.taskTitle, message: `任务标题不能超过${LIMITS.taskTitle}个字符` },
                FIELD_RULES.visibleText,
              ]}
            />
          </Col>
          <Col xs={12} lg={6}>
            <ProFormSelect
              name="category"
              label="工作类别"
              placeholder="请选择工作类别"
              options={CATEGORY_OPTIONS}
              fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
              rules={[{ required: true, message: '请选择工作类别' }]}
            />
          </Col>
          <Col xs={12} lg={6}>
            <ProFormDigit
              name="points"
              label="奖励积分"
              tooltip="审核通过后记入提交人的积分"
              placeholder={`0-${LIMITS.taskPoints}`}
              min={0}
              max={LIMITS.taskPoints}
              fieldProps={{ precision: 0, style: { width: '100%' }, addonAfter: '分' }}
              rules={[{ required: true, message: '请输入奖励积分' }]}
            />
          </Col>
        </Row>
        <ProForm.Item
          name="content"
          label="任务内容"
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            {
              validator: (_: unknown, value: string) =>
                isRichTextBlank(value) ? Promise.reject(new Error('请输入任务内容')) : Promise.resolve(),
            },
          ]}
          required
        >
          <RichTextEditor placeholder="请写明任务要求、完成标准和注意事项，可插入图片" height={320} />
        </ProForm.Item>
      </Card>

      <Card title="提交要求与范围" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <ProFormCheckbox.Group
              name="template"
              label="提交模板"
              extra="村干部提交完成情况时需要填写的内容"
              options={TEMPLATE_OPTIONS}
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种提交内容' }]}
            />
          </Col>
          <Col xs={24} lg={12}>
            <ProFormDependency name={['template', 'imageNum']}>
              {({ template, imageNum }) => {
                const withImages = ((template as string[] | undefined) ?? []).includes('2');
                return (
                  <ProForm.Item label="图片数量" required={withImages} extra={`最多${MAX_IMAGE_NUM}张`}>
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
                        {withImages ? `需提交：${imageRuleLabel((imageNum as number | null) ?? 0)}` : '不要求图片'}
                      </Typography.Text>
                      <Typography.Text type="secondary" id="image-num-zero">
                        （填 0 表示默认{DEFAULT_IMAGE_NUM}张）
                      </Typography.Text>
                    </Space>
                  </ProForm.Item>
                );
              }}
            </ProFormDependency>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <TargetAreasField areaOptions={areaOptions} />
          </Col>
          <Col xs={24} lg={12}>
            <ProFormSelect
              name="groupIds"
              label="目标分组"
              mode="multiple"
              placeholder="不限分组"
              options={groupOptions}
              allowClear
              fieldProps={{ optionFilterProp: 'label' }}
              extra="可不选：不选时目标区域内的全部村干部/网格员都会收到任务"
            />
          </Col>
        </Row>
        <ProFormDateTimePicker
          name="deadline"
          label="截止时间"
          placeholder="请选择截止时间"
          extra="截止后仍可提交，但会标记为逾期"
          fieldProps={{
            showTime: { format: 'HH:mm' },
            format: 'YYYY-MM-DD HH:mm',
            presets: deadlinePresets(),
            disabledDate: (day: Dayjs) => day.isBefore(dayjs().startOf('day')),
            style: { width: 260 },
          }}
          rules={[
            { required: true, message: '请选择截止时间' },
            {
              validator: (_: unknown, value?: Dayjs | null) =>
                !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('截止时间必须晚于当前时间')),
            },
          ]}
        />
      </Card>
      <TaskFieldsCard />
    </ProForm>
  );
}

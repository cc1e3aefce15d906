import { useModel } from '@umijs/max';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { APPEAL_IMAGES_MAX, APPEAL_REGISTERED_SOURCES, APPEAL_SOURCE_LABELS, CONTACT_PHONE_PATTERN, TOWN_AREA_ID } from '@common/constants';
import type { AppealAccount, AppealRegisterBody } from '@common/contracts/people';
import type { ImageRef } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import ImageGallery from '@/components/ImageUpload/ImageGallery';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { findAppealAccounts, registerAppeal } from '@/services/appeals';
import { markNoticesStale } from '@/services/notices';
import { handleFormError } from '@/utils/apiError';
import { newClientKey } from '@/utils/clientKey';
import { APPEAL_CATEGORY_OPTIONS } from '../../components/peopleMeta';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After a registration: the list refreshes and opens the new appeal. */
  onRegistered: (id: number) => void;
}

type Values = Omit<AppealRegisterBody, 'imageIds' | 'clientKey' | 'area' | 'category'> & {
  area?: number;
  category?: number;
  imageIds?: ImageRef[];
};

const PHONE_PATTERN = new RegExp(CONTACT_PHONE_PATTERN);
const SOURCE_OPTIONS = APPEAL_REGISTERED_SOURCES.map((value) => ({ value, label: APPEAL_SOURCE_LABELS[value] }));
const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
const max = (n: number) => ({ max: n, message: `不能超过${n}个字` });

/**
 * 窗口/电话登记 (ADR 0054): staff enter an appeal for a villager who came in, phoned or wrote.
 * The fields are checked as they are typed; on a server refusal the modal stays open with what was
 * entered and the refused field marked. The client key is kept until a registration succeeds, so
 * pressing 登记 again after a lost answer records it once.
 */
export default function RegisterAppealModal({ open, onClose, onRegistered }: Props) {
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [clientKey, setClientKey] = useState(newClientKey);
  const [accounts, setAccounts] = useState<AppealAccount[] | undefined>();
  const [looking, setLooking] = useState(false);
  // A village-scoped handler registers for their own village only (the server refuses others).
  const ownVillage = me?.dataScope === 'area' && me.area !== null ? me.area : undefined;
  const villages = useAreaOptions({ picking: true }).filter(
    (area) => area.value !== TOWN_AREA_ID && (ownVillage === undefined || area.value === ownVillage),
  );

  const lookUp = async () => {
    const phone = form.getFieldValue('phone')?.trim() ?? '';
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setLooking(true);
    try {
      const found = (await findAppealAccounts(phone, { skipErrorHandler: true })).data ?? [];
      setAccounts(found);
      form.setFieldValue('userId', found.length === 1 ? found[0].id : undefined);
      if (found.length === 1 && !form.getFieldValue('name')?.trim()) form.setFieldValue('name', found[0].name);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setLooking(false);
    }
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const body: AppealRegisterBody = {
        name: values.name.trim(),
        phone: values.phone.trim(),
        area: values.area!,
        category: values.category!,
        title: values.title.trim(),
        content: values.content.trim(),
        source: values.source,
        imageIds: (values.imageIds ?? []).map((image) => image.id),
        clientKey,
        ...(values.userId ? { userId: values.userId } : {}),
      };
      const res = await registerAppeal(body, { skipErrorHandler: true });
      message.success(res.message ?? '诉求已登记');
      markNoticesStale();
      form.resetFields();
      setAccounts(undefined);
      setClientKey(newClientKey());
      onRegistered(res.data!.id);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="登记诉求"
      open={open}
      okText="登记"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        为到窗口、打电话或来信的群众登记诉求，登记后与群众在手机上提交的诉求一样受理、答复和回访。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="registerAppealForm"
        onFinish={submit}
        initialValues={{ source: 'window', area: ownVillage }}
        onValuesChange={(changed) => {
          if ('phone' in changed) {
            setAccounts(undefined);
            form.setFieldValue('userId', undefined);
          }
        }}
      >
        <Form.Item name="source" label="登记方式" rules={[{ required: true, message: '请选择登记方式' }]}>
          <Radio.Group options={SOURCE_OPTIONS} optionType="button" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系电话"
          rules={[required('联系电话'), { pattern: PHONE_PATTERN, message: '请输入正确的联系电话' }, max(LIMITS.contactPhone)]}
        >
          <Input placeholder="手机或座机号码" maxLength={LIMITS.contactPhone} autoComplete="off" />
        </Form.Item>
        <Space align="start" style={{ marginTop: -8, marginBottom: 8 }} wrap>
          <Button onClick={lookUp} loading={looking}>
            按电话查找群众账号
          </Button>
          {accounts?.length === 0 ? <Typography.Text type="secondary">没有使用该号码的账号，将不关联账号登记</Typography.Text> : null}
        </Space>
        {accounts?.length ? (
          <Form.Item name="userId" label="关联群众账号" extra="关联后诉求出现在该群众手机上的“我的诉求”中，办理进展会通知他。">
            <Select
              allowClear
              placeholder="不关联"
              aria-label="关联群众账号"
              options={accounts.map((a) => ({ value: a.id, label: `${a.name}${a.areaName ? `（${a.areaName}）` : ''}` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label="群众姓名" rules={[required('群众姓名'), max(LIMITS.personName)]}>
          <Input maxLength={LIMITS.personName} autoComplete="off" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="area" label="所在村（社区）" style={{ flex: 1 }} rules={[{ required: true, message: '请选择所在村（社区）' }]}>
            <Select options={villages} placeholder="请选择" aria-label="所在村（社区）" showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="category" label="诉求类别" style={{ flex: 1 }} rules={[{ required: true, message: '请选择诉求类别' }]}>
            <Select options={APPEAL_CATEGORY_OPTIONS} placeholder="请选择" aria-label="诉求类别" />
          </Form.Item>
        </div>
        <Form.Item name="title" label="诉求标题" rules={[required('诉求标题'), max(LIMITS.appealTitle)]}>
          <Input maxLength={LIMITS.appealTitle} showCount />
        </Form.Item>
        <Form.Item name="content" label="诉求内容" rules={[required('诉求内容'), max(LIMITS.appealContent)]}>
          <Input.TextArea rows={4} maxLength={LIMITS.appealContent} showCount placeholder="记录群众反映的问题、地点和诉求" />
        </Form.Item>
        <Form.Item name="imageIds" label="图片（选填）">
          <ImageGallery max={APPEAL_IMAGES_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

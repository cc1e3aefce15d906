import { ModalForm, ProForm, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { App, Button, Form, Space, Typography } from 'antd';
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

  // ProForm spins 登记 while this runs; on a refusal the dialog keeps what was entered.
  const submit = async (values: Values) => {
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
    }
  };

  return (
    <ModalForm<Values>
      title="登记诉求"
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      form={form}
      name="registerAppealForm"
      width={640}
      // Kept when closed: a clerk interrupted at the window comes back to what was typed.
      modalProps={{ forceRender: true, okText: '登记' }}
      onFinish={submit}
      initialValues={{ source: 'window', area: ownVillage }}
      onValuesChange={(changed) => {
        if ('phone' in changed) {
          setAccounts(undefined);
          form.setFieldValue('userId', undefined);
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        为到窗口、打电话或来信的群众登记诉求，登记后与群众在手机上提交的诉求一样受理、答复和回访。
      </Typography.Paragraph>
      <ProFormRadio.Group
        name="source"
        label="登记方式"
        options={SOURCE_OPTIONS}
        radioType="button"
        rules={[{ required: true, message: '请选择登记方式' }]}
      />
      <ProFormText
        name="phone"
        label="联系电话"
        placeholder="手机或座机号码"
        fieldProps={{ maxLength: LIMITS.contactPhone, autoComplete: 'off' }}
        rules={[required('联系电话'), { pattern: PHONE_PATTERN, message: '请输入正确的联系电话' }, max(LIMITS.contactPhone)]}
      />
      <Space align="start" style={{ marginTop: -8, marginBottom: 8 }} wrap>
        <Button onClick={lookUp} loading={looking}>
          按电话查找群众账号
        </Button>
        {accounts?.length === 0 ? <Typography.Text type="secondary">没有使用该号码的账号，将不关联账号登记</Typography.Text> : null}
      </Space>
      {accounts?.length ? (
        <ProFormSelect
          name="userId"
          label="关联群众账号"
          extra="关联后诉求出现在该群众手机上的“我的诉求”中，办理进展会通知他。"
          placeholder="不关联"
          allowClear
          options={accounts.map((a) => ({ value: a.id, label: `${a.name}${a.areaName ? `（${a.areaName}）` : ''}` }))}
        />
      ) : null}
      <ProFormText
        name="name"
        label="群众姓名"
        fieldProps={{ maxLength: LIMITS.personName, autoComplete: 'off' }}
        rules={[required('群众姓名'), max(LIMITS.personName)]}
      />
      {/* Side by side, each half the width: ProForm.Group would size them to their content. */}
      <div style={{ display: 'flex', gap: 16 }}>
        <ProFormSelect
          name="area"
          label="所在村（社区）"
          formItemProps={{ style: { flex: 1 } }}
          options={villages}
          placeholder="请选择"
          showSearch
          fieldProps={{ optionFilterProp: 'label' }}
          rules={[{ required: true, message: '请选择所在村（社区）' }]}
        />
        <ProFormSelect
          name="category"
          label="诉求类别"
          formItemProps={{ style: { flex: 1 } }}
          options={APPEAL_CATEGORY_OPTIONS}
          placeholder="请选择"
          rules={[{ required: true, message: '请选择诉求类别' }]}
        />
      </div>
      <ProFormText
        name="title"
        label="诉求标题"
        fieldProps={{ maxLength: LIMITS.appealTitle, showCount: true }}
        rules={[required('诉求标题'), max(LIMITS.appealTitle)]}
      />
      <ProFormTextArea
        name="content"
        label="诉求内容"
        placeholder="记录群众反映的问题、地点和诉求"
        fieldProps={{ rows: 4, maxLength: LIMITS.appealContent, showCount: true }}
        rules={[required('诉求内容'), max(LIMITS.appealContent)]}
      />
      <ProForm.Item name="imageIds" label="图片（选填）">
        <ImageGallery max={APPEAL_IMAGES_MAX} />
      </ProForm.Item>
    </ModalForm>
  );
}

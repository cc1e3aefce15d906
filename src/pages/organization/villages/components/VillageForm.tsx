import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { AREA_SORT_MAX } from '@common/constants';
import type { VillageItem } from '@common/contracts/system';
import { LIMITS } from '@common/limits';
import { createVillage, updateVillage } from '@/services/system';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';

interface Values {
  name: string;
  code?: string;
  sortOrder: number;
}

/** 新增 or 编辑 one village: name, 12-digit division code (optional), sort order. */
export default function VillageForm({
  open,
  village,
  nextSortOrder,
  onClose,
  onSaved,
}: {
  open: boolean;
  village?: VillageItem;
  /** The sort order a new village starts with: after the last one. */
  nextSortOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      village ? { name: village.name, code: village.code ?? '', sortOrder: village.sortOrder } : { sortOrder: nextSortOrder },
    );
  }, [open, village, nextSortOrder, form]);

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const code = values.code?.trim() ?? '';
    const body = { name: values.name.trim(), code: code || null, sortOrder: values.sortOrder };
    setSaving(true);
    try {
      if (village) await updateVillage(village.id, body, { skipErrorHandler: true });
      else await createVillage(body, { skipErrorHandler: true });
      showMessage('success', village ? `已保存：${body.name}` : `已新增：${body.name}`);
      onSaved();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={village ? `编辑村（社区）：${village.name}` : '新增村（社区）'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form name="villageForm" form={form} layout="vertical">
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: LIMITS.areaName, message: `名称不能超过${LIMITS.areaName}个字符` },
          ]}
        >
          <Input placeholder="例如：李家村、幸福社区" />
        </Form.Item>
        <Form.Item
          name="code"
          label="统计用区划代码"
          extra="12位数字，可在国家统计局公布的统计用区划代码中查到；不知道可不填"
          rules={[{ pattern: /^\d{12}$/, message: '区划代码应为12位数字' }]}
        >
          <Input inputMode="numeric" maxLength={12} placeholder="选填，例如 110101001001" />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label="排序"
          extra="数字小的排在前面；选择框、图表、数据大屏和通报都按此顺序"
          rules={[{ required: true, message: '请输入排序' }]}
        >
          <InputNumber min={0} max={AREA_SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { GroupItem } from '@common/contracts/groups';
import { LIMITS } from '@common/limits';
import { createGroup, updateGroup } from '@/services/groups';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FIELD_RULES } from '@/utils/formRules';

interface Values {
  name: string;
  description?: string;
}

export default function GroupForm({
  open,
  group,
  onClose,
  onSaved,
}: {
  open: boolean;
  group?: GroupItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (group) form.setFieldsValue({ name: group.name, description: group.description });
  }, [open, group, form]);

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = { name: values.name.trim(), description: values.description?.trim() ?? '' };
    setSaving(true);
    try {
      if (group) await updateGroup(group.id, body, { skipErrorHandler: true });
      else await createGroup(body, { skipErrorHandler: true });
      showMessage('success', group ? `已保存分组「${body.name}」` : `已创建分组「${body.name}」`);
      onSaved();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={group ? `编辑分组：${group.name}` : '新建分组'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form name="groupForm" form={form} layout="vertical">
        <Form.Item
          name="name"
          label="分组名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分组名称' },
            { max: LIMITS.groupName, message: `分组名称不能超过${LIMITS.groupName}个字符` },
            FIELD_RULES.visibleText,
          ]}
        >
          <Input placeholder="例如：网格员、村两委、党员" />
        </Form.Item>
        <Form.Item
          name="description"
          label="分组说明"
          rules={[{ max: LIMITS.groupDescription, message: `说明不能超过${LIMITS.groupDescription}个字符` }]}
        >
          <Input.TextArea rows={3} showCount maxLength={LIMITS.groupDescription} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

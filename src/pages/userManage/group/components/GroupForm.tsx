import { ModalForm, type ProFormInstance, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useRef } from 'react';
import type { GroupItem } from '@common/contracts/groups';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
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
  const formRef = useRef<ProFormInstance<Values>>();

  const submit = async (values: Values) => {
    const body = { name: values.name.trim(), description: values.description?.trim() ?? '' };
    try {
      if (group) await updateGroup(group.id, body, { skipErrorHandler: true });
      else await createGroup(body, { skipErrorHandler: true });
      showMessage('success', group ? `已保存分组「${body.name}」` : `已创建分组「${body.name}」`);
      onSaved();
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<Values>
      title={group ? `编辑分组：${group.name}` : '新建分组'}
      {...dialogState(open, onClose)}
      name="groupForm"
      formRef={formRef}
      width={520}
      modalProps={{ ...FRESH_DIALOG, okText: '保存' }}
      initialValues={group ? { name: group.name, description: group.description } : undefined}
      onFinish={submit}
    >
      <ProFormText
        name="name"
        label="分组名称"
        placeholder="例如：网格员、村两委、党员"
        rules={[
          { required: true, whitespace: true, message: '请输入分组名称' },
          { max: LIMITS.groupName, message: `分组名称不能超过${LIMITS.groupName}个字符` },
          FIELD_RULES.visibleText,
        ]}
      />
      <ProFormTextArea
        name="description"
        label="分组说明"
        placeholder="选填"
        fieldProps={{ rows: 3, showCount: true, maxLength: LIMITS.groupDescription }}
        rules={[{ max: LIMITS.groupDescription, message: `说明不能超过${LIMITS.groupDescription}个字符` }]}
      />
    </ModalForm>
  );
}

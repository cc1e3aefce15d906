import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { GroupItem } from '@common/contracts/groups';
import { LIMITS } from '@common/limits';
import RecordDialog, { type RecordDialogState } from '@/components/FormDialog/RecordDialog';
import { createGroup, updateGroup } from '@/services/groups';
import { FIELD_RULES } from '@/utils/formRules';

interface Values {
  name: string;
  description?: string;
}

export default function GroupForm({ dialog, onSaved }: { dialog: RecordDialogState<GroupItem>; onSaved: () => void }) {
  const group = dialog.record;

  const save = async (values: Values) => {
    const body = { name: values.name.trim(), description: values.description?.trim() ?? '' };
    if (group) await updateGroup(group.id, body, { skipErrorHandler: true });
    else await createGroup(body, { skipErrorHandler: true });
    return group ? `已保存分组「${body.name}」` : `已创建分组「${body.name}」`;
  };

  return (
    <RecordDialog<GroupItem, Values>
      dialog={dialog}
      name="groupForm"
      title={group ? `编辑分组：${group.name}` : '新建分组'}
      initialValues={group ? { name: group.name, description: group.description } : {}}
      save={save}
      onSaved={onSaved}
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
    </RecordDialog>
  );
}

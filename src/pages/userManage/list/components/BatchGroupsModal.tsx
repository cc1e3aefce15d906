import { ModalForm, type ProFormInstance, ProFormRadio, ProFormSelect } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useRef } from 'react';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { batchUserGroups } from '@/services/users';
import { handleFormError, showApiError, apiErrorBody } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';

interface Values {
  mode: 'add' | 'remove';
  groupIds: number[];
}

/**
 * 批量调整分组: the ticked accounts join the chosen groups (keeping the others) or leave them, all
 * or none (ADR 0063). An account changed meanwhile (409/404) closes the dialog with the server's reason.
 */
export default function BatchGroupsModal(props: {
  ids?: number[];
  groupOptions: Array<{ label: string; value: number }>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { ids, groupOptions, onClose, onDone } = props;
  const formRef = useRef<ProFormInstance<Values>>();

  const submit = async (values: Values) => {
    if (!ids) return;
    try {
      const res = await batchUserGroups({ ids, ...values }, { skipErrorHandler: true });
      showMessage('success', res.message ?? '分组已调整');
      onDone();
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        showApiError(error);
        onDone();
      } else handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<Values>
      title={`批量调整分组（${ids?.length ?? 0} 个用户）`}
      {...dialogState(!!ids, onClose)}
      name="batchGroups"
      formRef={formRef}
      width={520}
      initialValues={{ mode: 'add' }}
      modalProps={{ ...FRESH_DIALOG, okText: '调整分组' }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary">选中的用户全部调整成功或全部不调整；加入时保留他们原有的分组。</Typography.Paragraph>
      <ProFormRadio.Group
        name="mode"
        label="调整方式"
        options={[
          { label: '加入分组', value: 'add' },
          { label: '移出分组', value: 'remove' },
        ]}
      />
      <ProFormSelect
        name="groupIds"
        label="分组"
        mode="multiple"
        options={groupOptions}
        placeholder="请选择分组"
        fieldProps={{ optionFilterProp: 'label', maxCount: 50 }}
        rules={[{ required: true, message: '请选择至少一个分组' }]}
      />
    </ModalForm>
  );
}

import { ProForm, ProFormDigit, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { App, Card } from 'antd';
import { useRef } from 'react';
import type { RankingRow } from '@common/contracts/scores';
import { LIMITS } from '@common/limits';
import { adjustScore } from '@/services/scores';
import { handleFormError } from '@/utils/apiError';

interface Values {
  delta: number | null;
  reason: string;
}

/** 积分调整 (admin): a manual ledger entry with a reason; entries are never edited, only added. */
export default function AdjustForm({ user, onAdjusted }: { user: RankingRow; onAdjusted: () => void }) {
  const formRef = useRef<ProFormInstance<Values>>();
  const { modal, message } = App.useApp();

  const save = async (values: Values) => {
    const delta = values.delta as number;
    const reason = values.reason.trim();
    try {
      await adjustScore({ userId: user.userId, delta, reason }, { skipErrorHandler: true });
      message.success(`已为${user.name}${delta > 0 ? '增加' : '扣减'} ${Math.abs(delta)} 分`);
      formRef.current?.resetFields();
      onAdjusted();
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  // The confirmation's 确认调整 shows its own progress (onOk's promise) while the entry is saved.
  const confirm = async (values: Values) => {
    const delta = values.delta as number;
    modal.confirm({
      title: `为${user.name}${delta > 0 ? '增加' : '扣减'} ${Math.abs(delta)} 分？`,
      content: `原因：${values.reason.trim()}。积分记录提交后不能修改或删除，如有错误需再做一次反向调整。`,
      okText: '确认调整',
      cancelText: '取消',
      onOk: () => save(values),
    });
  };

  return (
    <Card size="small" title="积分调整" style={{ marginBottom: 16 }}>
      <ProForm<Values>
        formRef={formRef}
        name="scoreAdjust"
        layout="inline"
        autoFocusFirstInput={false}
        onFinish={confirm}
        style={{ rowGap: 8 }}
        submitter={{ searchConfig: { submitText: '提交调整' }, resetButtonProps: false }}
      >
        <ProFormDigit
          name="delta"
          label="调整分值"
          placeholder="正数增加，负数扣减"
          min={-LIMITS.scorePoints}
          max={LIMITS.scorePoints}
          fieldProps={{ precision: 0, style: { width: 170 } }}
          rules={[
            { required: true, message: '请输入调整分值' },
            {
              validator: (_: unknown, value: number | null) =>
                value === 0 ? Promise.reject(new Error('调整分值不能为0')) : Promise.resolve(),
            },
          ]}
        />
        <ProFormText
          name="reason"
          label="原因"
          placeholder="例如：补录线下活动积分"
          fieldProps={{ maxLength: LIMITS.scoreReason }}
          formItemProps={{ style: { flex: 1, minWidth: 220 } }}
          rules={[
            { required: true, whitespace: true, message: '请填写调整原因' },
            { max: LIMITS.scoreReason, message: `原因不能超过${LIMITS.scoreReason}个字符` },
          ]}
        />
      </ProForm>
    </Card>
  );
}

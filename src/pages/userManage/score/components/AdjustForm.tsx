import { App, Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
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
  const [form] = Form.useForm<Values>();
  const { modal, message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    const delta = values.delta as number;
    const reason = values.reason.trim();
    setSaving(true);
    try {
      await adjustScore({ userId: user.userId, delta, reason }, { skipErrorHandler: true });
      message.success(`已为${user.name}${delta > 0 ? '增加' : '扣减'} ${Math.abs(delta)} 分`);
      form.resetFields();
      onAdjusted();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  const confirm = (values: Values) => {
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
      <Form<Values> form={form} name="scoreAdjust" layout="inline" onFinish={confirm} style={{ rowGap: 8 }}>
        <Form.Item
          name="delta"
          label="调整分值"
          rules={[
            { required: true, message: '请输入调整分值' },
            {
              validator: (_, value: number | null) => (value === 0 ? Promise.reject(new Error('调整分值不能为0')) : Promise.resolve()),
            },
          ]}
        >
          <InputNumber
            min={-LIMITS.scorePoints}
            max={LIMITS.scorePoints}
            precision={0}
            placeholder="正数增加，负数扣减"
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: '请填写调整原因' },
            { max: LIMITS.scoreReason, message: `原因不能超过${LIMITS.scoreReason}个字符` },
          ]}
          style={{ flex: 1, minWidth: 220 }}
        >
          <Input placeholder="例如：补录线下活动积分" maxLength={LIMITS.scoreReason} />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              提交调整
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

import { useModel } from '@umijs/max';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { TOWN_AREA_ID } from '@common/constants';
import { isAppealOpen } from '@common/workflow';
import type { AppealDetail } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { reachesTown } from '@common/scope';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { dispatchAppeal, recallAppeal } from '@/services/appeals';
import { markNoticesStale } from '@/services/notices';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';

interface Props {
  appeal: AppealDetail;
  onChanged: () => void;
}

/**
 * 转派 an open appeal to a village (or to another one) and 撤回 it to the town (ADR 0031). Only a
 * handler of the whole town sees the buttons: the server refuses anyone else.
 */
export default function DispatchAction({ appeal, onChanged }: Props) {
  const { initialState } = useModel('@@initialState');
  const { modal, message } = App.useApp();
  const villages = useAreaOptions({ picking: true }).filter((area) => area.value !== TOWN_AREA_ID && area.value !== appeal.dispatchedArea);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ areaId?: number; note?: string }>();

  const user = initialState?.currentUser;
  if (!user || !reachesTown(user) || !isAppealOpen(appeal.status)) return null;

  const changed = () => {
    onChanged();
    markNoticesStale();
  };

  const submit = async (values: { areaId?: number; note?: string }) => {
    setSaving(true);
    try {
      const res = await dispatchAppeal(appeal.id, { areaId: values.areaId!, note: values.note?.trim() ?? '' }, { skipErrorHandler: true });
      message.success(res.message ?? '已转派');
      setOpen(false);
      changed();
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        showApiError(error);
        setOpen(false);
        changed();
      } else {
        handleFormError(error, form);
      }
    } finally {
      setSaving(false);
    }
  };

  const recall = () =>
    modal.confirm({
      title: `撤回「${appeal.title}」？`,
      content: `撤回后${appeal.dispatchedAreaName ?? '村里'}不再办理此诉求，改由镇里办理，办理时限不变。`,
      okText: '撤回',
      cancelText: '取消',
      onOk: async () => {
        try {
          await recallAppeal(appeal.id, {});
          message.success(`已撤回：${appeal.title}`);
        } catch {
          // The request layer showed the server's reason.
        }
        changed();
      },
    });

  return (
    <>
      <Space>
        <Button onClick={() => setOpen(true)}>{appeal.dispatchedArea ? '改派' : '转派到村'}</Button>
        {appeal.dispatchedArea ? <Button onClick={recall}>撤回</Button> : null}
      </Space>
      <Modal
        title="转派诉求"
        open={open}
        okText="转派"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>将诉求「{appeal.title}」交由村里办理。该村的村干部、网格员会在手机上看到并答复，办理时限不变，群众会收到通知。</p>
        <Form form={form} layout="vertical" onFinish={submit} name="dispatchForm">
          <Form.Item name="areaId" label="转派至" rules={[{ required: true, message: '请选择要转派的村' }]}>
            <Select options={villages} placeholder="请选择村" aria-label="转派至" />
          </Form.Item>
          <Form.Item name="note" label="转派说明" rules={[{ max: LIMITS.dispatchNote, message: `不能超过${LIMITS.dispatchNote}个字` }]}>
            <Input.TextArea
              rows={3}
              maxLength={LIMITS.dispatchNote}
              showCount
              placeholder="可写明需要村里做什么，例如：请核实现场情况后答复群众。"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

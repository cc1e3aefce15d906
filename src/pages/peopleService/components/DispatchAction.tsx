import { ModalForm, type ProFormInstance, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { App, Button, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { TOWN_AREA_ID } from '@common/constants';
import { LIMITS } from '@common/limits';
import { reachesTown } from '@common/scope';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { markNoticesStale } from '@/services/notices';
import type { ApiBody } from '@/utils/requestConfig';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';

interface Values {
  areaId?: number;
  note?: string;
}

/** What is handed down: an appeal (ADR 0031) or a photo report (ADR 0064). */
export interface Dispatchable {
  /** 诉求 or 随手拍, in the dialog's words. */
  what: string;
  /** The record as the dialog names it: an appeal's title, a report's description. */
  name: string;
  dispatchedArea: number | null;
  dispatchedAreaName: string | null;
  /** Handling is still open (common/workflow.ts): only then can it be handed down or back. */
  open: boolean;
  /** What the village's cadres will do with it, for the dialog. */
  intro: string;
  dispatch: (body: { areaId: number; note: string }) => Promise<ApiBody<unknown>>;
  recall: () => Promise<unknown>;
}

/**
 * 转派 an open record to a village (or to another one) and 撤回 it to the town. Only a handler of
 * the whole town sees the buttons: the server refuses anyone else.
 */
export default function DispatchAction({ record, onChanged }: { record: Dispatchable; onChanged: () => void }) {
  const { initialState } = useModel('@@initialState');
  const { modal, message } = App.useApp();
  const villages = useAreaOptions({ picking: true }).filter((area) => area.value !== TOWN_AREA_ID && area.value !== record.dispatchedArea);
  const [open, setOpen] = useState(false);
  const formRef = useRef<ProFormInstance<Values>>();

  const user = initialState?.currentUser;
  if (!user || !reachesTown(user) || !record.open) return null;

  const changed = () => {
    onChanged();
    markNoticesStale();
  };

  // ProForm spins the submit button while this runs and keeps what was typed on a refusal.
  const submit = async (values: Values) => {
    try {
      const res = await record.dispatch({ areaId: values.areaId!, note: values.note?.trim() ?? '' });
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
        handleFormError(error, formRef.current);
      }
    }
  };

  const recall = () =>
    modal.confirm({
      title: `撤回「${record.name}」？`,
      content: `撤回后${record.dispatchedAreaName ?? '村里'}不再办理此${record.what}，改由镇里办理。`,
      okText: '撤回',
      cancelText: '取消',
      onOk: async () => {
        try {
          await record.recall();
          message.success(`已撤回：${record.name}`);
        } catch {
          // The request layer showed the server's reason.
        }
        changed();
      },
    });

  return (
    <>
      <Space>
        <Button onClick={() => setOpen(true)}>{record.dispatchedArea ? '改派' : '转派到村'}</Button>
        {record.dispatchedArea ? <Button onClick={recall}>撤回</Button> : null}
      </Space>
      <ModalForm<Values>
        title={`转派${record.what}`}
        {...dialogState(open, () => setOpen(false))}
        name="dispatchForm"
        formRef={formRef}
        width={520}
        modalProps={{ ...FRESH_DIALOG, okText: '转派' }}
        onFinish={submit}
      >
        <Typography.Paragraph>
          将{record.what}「{record.name}」交由村里办理。{record.intro}
        </Typography.Paragraph>
        <DispatchFields villages={villages} />
      </ModalForm>
    </>
  );
}

/** The village to hand down to and the note for it: one record's 转派 and the list's 批量转派. */
export function DispatchFields({ villages }: { villages: Array<{ label: string; value: number }> }) {
  return (
    <>
      <ProFormSelect
        name="areaId"
        label="转派至"
        options={villages}
        placeholder="请选择村"
        showSearch
        fieldProps={{ optionFilterProp: 'label' }}
        rules={[{ required: true, message: '请选择要转派的村' }]}
      />
      <ProFormTextArea
        name="note"
        label="转派说明"
        placeholder="可写明需要村里做什么，例如：请核实现场情况后答复群众。"
        fieldProps={{ rows: 3, maxLength: LIMITS.dispatchNote, showCount: true }}
        rules={[{ max: LIMITS.dispatchNote, message: `不能超过${LIMITS.dispatchNote}个字` }]}
      />
    </>
  );
}

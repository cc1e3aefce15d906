import { ModalForm, ProForm, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { App, Form, Rate, Typography } from 'antd';
import { CALLBACK_ATTEMPTS_MAX, SATISFACTION_LABELS } from '@common/constants';
import type { AppealCallbackBody, AppealItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { callbackAppeal } from '@/services/appeals';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';

export type CallbackRef = Pick<AppealItem, 'id' | 'title' | 'submitterName' | 'phone' | 'callbackAttempts'>;

/**
 * rc-rate's list has no role while its stars are radios: as a named radio group it may carry the
 * aria-required the form puts on a required field (axe's aria-allowed-attr refused it on a bare list).
 */
const RADIO_GROUP = { role: 'radiogroup' } as Record<string, string>;

interface Values {
  reached: boolean;
  score?: number;
  note?: string;
}

interface Props {
  appeal?: CallbackRef;
  onClose: () => void;
  /** Recorded, or the appeal moved on meanwhile: reload what shows it. */
  onChanged: () => void;
}

/**
 * 回访 (ADR 0062): whether the call reached the villager, their satisfaction on the phone's 1–5
 * scale when it did (it becomes the appeal's 群众满意度, marked 回访评价), and a note. A refusal
 * because the villager rated meanwhile closes the dialog with the server's reason.
 */
export default function CallbackModal({ appeal, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reached = Form.useWatch('reached', form) ?? true;

  const finish = async (values: Values) => {
    if (!appeal) return;
    const body: AppealCallbackBody = {
      reached: values.reached,
      ...(values.reached ? { score: values.score } : {}),
      note: values.note?.trim() ?? '',
    };
    try {
      const res = await callbackAppeal(appeal.id, body, { skipErrorHandler: true });
      message.success(res.message ?? '已记录回访');
      onClose();
      onChanged();
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        showApiError(error);
        onClose();
        onChanged();
      } else {
        handleFormError(error, form);
      }
    }
  };

  const attempts = appeal?.callbackAttempts ?? 0;
  return (
    <ModalForm<Values>
      title="回访"
      {...dialogState(!!appeal, onClose)}
      form={form}
      name="callbackForm"
      width={560}
      modalProps={{ ...FRESH_DIALOG, okText: '保存回访' }}
      initialValues={{ reached: true }}
      onFinish={finish}
    >
      {appeal ? (
        <Typography.Paragraph type="secondary">
          电话回访 {appeal.submitterName}（<a href={`tel:${appeal.phone}`}>{appeal.phone}</a>），了解诉求「{appeal.title}」的办理结果。
          {attempts ? `此前已回访${attempts}次未接通；` : ''}未接通满{CALLBACK_ATTEMPTS_MAX}次后回访结束。
        </Typography.Paragraph>
      ) : null}
      <ProFormRadio.Group
        name="reached"
        label="是否接通"
        radioType="button"
        options={[
          { label: '已接通', value: true },
          { label: '未接通', value: false },
        ]}
        rules={[{ required: true, message: '请选择是否接通' }]}
      />
      {reached ? (
        <ProForm.Item
          name="score"
          label="群众满意度"
          extra="与群众在手机上评价的满意度相同，计入群众满意度，标注为“回访评价”"
          rules={[{ required: true, message: '请选择群众的满意度' }]}
        >
          <Rate {...RADIO_GROUP} aria-label="群众满意度" tooltips={[...SATISFACTION_LABELS]} />
        </ProForm.Item>
      ) : null}
      <ProFormTextArea
        name="note"
        label="回访记录"
        placeholder={reached ? '例如：群众表示路灯已修好，对办理结果满意。' : '例如：上午10点拨打两次，无人接听。'}
        fieldProps={{ rows: 4, maxLength: LIMITS.callbackNote, showCount: true }}
        rules={[{ max: LIMITS.callbackNote, message: `回访记录不能超过${LIMITS.callbackNote}个字` }]}
      />
    </ModalForm>
  );
}

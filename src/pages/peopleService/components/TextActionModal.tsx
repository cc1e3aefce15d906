import { ModalForm, type ProFormInstance, ProFormTextArea } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { FRESH_DIALOG, dialogState, enterSubmitsTextArea } from '@/components/FormDialog';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';

interface TextActionModalProps {
  open: boolean;
  title: string;
  /** What happens and to what, above the field. */
  description?: ReactNode;
  label: string;
  placeholder: string;
  maxLength: number;
  okText: string;
  danger?: boolean;
  /** More fields under the text (e.g. result photos), inside the same form. */
  extra?: ReactNode;
  /** Sends the text (and the extra fields' values); throws what the call threw. */
  submit: (text: string, values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
  /** The item moved on meanwhile (409) or is gone (404): the page reloads it. */
  onStale: () => void;
}

/**
 * One action that needs some words (答复, 不予受理, 处理, 无效): the text is required and checked as
 * it is typed, and Enter sends it. A refusal because someone else acted first closes the dialog and shows the server's
 * reason; other errors keep what was typed.
 */
export default function TextActionModal(props: TextActionModalProps) {
  const { open, title, description, label, placeholder, maxLength, okText, danger, extra, submit, onClose, onDone, onStale } = props;
  const formRef = useRef<ProFormInstance>();
  // Enter sends the text only when it is the one field: with more controls Enter may be meant for one of them.
  const enterSubmits = !extra;

  const finish = async (values: Record<string, unknown>) => {
    try {
      await submit(String(values.text ?? '').trim(), values);
      onDone();
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        showApiError(error);
        onStale();
      } else {
        handleFormError(error, formRef.current, { reply: 'text', reason: 'text', result: 'text' });
      }
    }
  };

  return (
    <ModalForm
      title={title}
      {...dialogState(open, onClose)}
      formRef={formRef}
      width={560}
      isKeyPressSubmit={enterSubmits}
      modalProps={{ ...FRESH_DIALOG, okText }}
      submitter={{ submitButtonProps: { danger } }}
      onFinish={finish}
    >
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      <ProFormTextArea
        name="text"
        label={label}
        placeholder={placeholder}
        extra={enterSubmits ? '按 Enter 提交，Shift+Enter 换行' : undefined}
        fieldProps={{ rows: 5, maxLength, showCount: true, ...(enterSubmits ? enterSubmitsTextArea : {}) }}
        rules={[
          { required: true, whitespace: true, message: `请填写${label}` },
          { max: maxLength, message: `${label}不能超过${maxLength}个字` },
        ]}
      />
      {extra}
    </ModalForm>
  );
}

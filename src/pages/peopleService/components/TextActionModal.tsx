import { Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';

export interface TextActionModalProps {
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
 * it is typed. A refusal because someone else acted first closes the dialog and shows the server's
 * reason; other errors keep what was typed.
 */
export default function TextActionModal(props: TextActionModalProps) {
  const { open, title, description, label, placeholder, maxLength, okText, danger, extra, submit, onClose, onDone, onStale } = props;
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const finish = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await submit(String(values.text ?? '').trim(), values);
      onDone();
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        showApiError(error);
        onStale();
      } else {
        handleFormError(error, form, { reply: 'text', reason: 'text', result: 'text' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      okButtonProps={{ danger, loading: saving }}
      cancelText="取消"
      destroyOnHidden
      width={560}
    >
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" onFinish={finish} preserve={false}>
        <Form.Item
          name="text"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { max: maxLength, message: `${label}不能超过${maxLength}个字` },
          ]}
        >
          <Input.TextArea rows={5} maxLength={maxLength} showCount placeholder={placeholder} />
        </Form.Item>
        {extra}
      </Form>
    </Modal>
  );
}

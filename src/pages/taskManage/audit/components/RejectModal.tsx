import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { SubmissionItem } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import { auditSubmission } from '@/services/submissions';
import { handleFormError } from '@/utils/apiError';

interface Props {
  submission?: SubmissionItem;
  onClose: () => void;
  onRejected: (submission: SubmissionItem) => void;
}

/** 驳回: asks for the reason, which the cadre sees on their phone before resubmitting. */
export default function RejectModal({ submission, onClose, onRejected }: Props) {
  const [form] = Form.useForm<{ comment: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (submission) form.resetFields();
  }, [submission, form]);

  const submit = async ({ comment }: { comment: string }) => {
    if (!submission) return;
    setSaving(true);
    try {
      await auditSubmission(submission.id, { result: 'rejected', comment: comment.trim() }, { skipErrorHandler: true });
      onRejected(submission);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="驳回提交"
      open={!!submission}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="驳回"
      okButtonProps={{ danger: true, loading: saving }}
      cancelText="取消"
      destroyOnHidden
    >
      {submission ? (
        <Typography.Paragraph type="secondary">
          驳回 {submission.userName}（{submission.areaName}）提交的「{submission.taskTitle}」。驳回后对方可以看到意见并重新提交。
        </Typography.Paragraph>
      ) : null}
      <Form form={form} name="rejectForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="comment"
          label="驳回意见"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回意见' },
            { max: LIMITS.reviewComment, message: `驳回意见不能超过${LIMITS.reviewComment}个字符` },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={LIMITS.reviewComment}
            showCount
            placeholder="请说明需要补充或修改的内容，例如：照片不清晰，请补拍现场全景"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

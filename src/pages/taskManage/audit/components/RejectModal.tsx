import { ModalForm, type ProFormInstance, ProFormTextArea } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useRef } from 'react';
import type { SubmissionItem } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState, enterSubmitsTextArea } from '@/components/FormDialog';
import { auditSubmission } from '@/services/submissions';
import { handleFormError } from '@/utils/apiError';

interface Props {
  submission?: SubmissionItem;
  onClose: () => void;
  onRejected: (submission: SubmissionItem) => void;
}

/** 驳回: asks for the reason, which the cadre sees on their phone before resubmitting. Enter sends it. */
export default function RejectModal({ submission, onClose, onRejected }: Props) {
  const formRef = useRef<ProFormInstance<{ comment: string }>>();

  const submit = async ({ comment }: { comment: string }) => {
    if (!submission) return;
    try {
      await auditSubmission(submission.id, { result: 'rejected', comment: comment.trim() }, { skipErrorHandler: true });
      onRejected(submission);
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<{ comment: string }>
      title="驳回提交"
      {...dialogState(!!submission, onClose)}
      name="rejectForm"
      formRef={formRef}
      width={520}
      isKeyPressSubmit
      modalProps={{ ...FRESH_DIALOG, okText: '驳回' }}
      submitter={{ submitButtonProps: { danger: true } }}
      onFinish={submit}
    >
      {submission ? (
        <Typography.Paragraph type="secondary">
          驳回 {submission.userName}（{submission.areaName}）提交的「{submission.taskTitle}」。驳回后对方可以看到意见并重新提交。
        </Typography.Paragraph>
      ) : null}
      <ProFormTextArea
        name="comment"
        label="驳回意见"
        placeholder="请说明需要补充或修改的内容，例如：照片不清晰，请补拍现场全景"
        extra="按 Enter 驳回，Shift+Enter 换行"
        fieldProps={{ rows: 4, maxLength: LIMITS.reviewComment, showCount: true, ...enterSubmitsTextArea }}
        rules={[
          { required: true, whitespace: true, message: '请填写驳回意见' },
          { max: LIMITS.reviewComment, message: `驳回意见不能超过${LIMITS.reviewComment}个字符` },
        ]}
      />
    </ModalForm>
  );
}

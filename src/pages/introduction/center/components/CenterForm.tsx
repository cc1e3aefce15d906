import { FooterToolbar, ProForm, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Alert, App, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { INTRODUCTION_IMAGES_MAX } from '@common/constants';
import type { CenterIntroduction } from '@common/contracts/content';
import type { ImageRef } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import { reachesTown } from '@common/scope';
import ImageGallery from '@/components/ImageUpload/ImageGallery';
import RichTextEditor from '@/components/RichTextEditor';
import { useLeaveConfirm } from '@/hooks/useLeaveConfirm';
import { updateCenterIntroduction } from '@/services/introductions';
import { handleFormError } from '@/utils/apiError';
import { FIELD_RULES } from '@/utils/formRules';

interface CenterFormValues {
  title: string;
  content: string;
  images: ImageRef[];
}

interface Props {
  introduction: CenterIntroduction;
  onSaved: (saved: CenterIntroduction) => void;
}

/** The centre's introduction: title, rich text and an ordered set of pictures. */
export default function CenterForm({ introduction, onSaved }: Props) {
  const [form] = Form.useForm<CenterFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveConfirm(dirty);
  // ADR 0007: the centre's page speaks for the whole town, so only data scope 'all' changes it.
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const readOnly = !user || !reachesTown(user);

  const onSave = async (values: CenterFormValues) => {
    setSaving(true);
    try {
      const body = { title: values.title.trim(), content: values.content ?? '', imageIds: values.images.map((i) => i.id) };
      const saved = await updateCenterIntroduction(body, { skipErrorHandler: true });
      setDirty(false);
      message.success('中心介绍已保存，公开页面已更新');
      if (saved.data) onSaved(saved.data);
    } catch (error) {
      handleFormError(error, form, { imageIds: 'images' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProForm<CenterFormValues>
      name="centerIntroductionForm"
      form={form}
      layout="vertical"
      initialValues={{ title: introduction.title, content: introduction.content, images: introduction.images }}
      onValuesChange={() => setDirty(true)}
      scrollToFirstError={{ block: 'center' }}
      autoFocusFirstInput={false}
      disabled={readOnly}
      onFinish={async () => onSave(form.getFieldsValue(true))}
      submitter={{
        // In the page, not at the end of body: it hides with its workbench tab (ADR 0032).
        render: () => (
          <FooterToolbar portalDom={false}>
            <Button type="primary" htmlType="submit" loading={saving} disabled={readOnly}>
              保存
            </Button>
          </FooterToolbar>
        ),
      }}
    >
      {readOnly ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="中心介绍代表全镇，只有数据范围为“全部数据”的角色可以修改，您可以查看。"
        />
      ) : null}
      <Card title="基本内容" style={{ marginBottom: 16 }}>
        <ProFormText
          name="title"
          label="标题"
          placeholder="例如：某镇综合治理中心"
          fieldProps={{ maxLength: LIMITS.centreTitle, showCount: true }}
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: LIMITS.centreTitle, message: `标题不能超过${LIMITS.centreTitle}个字` },
            FIELD_RULES.visibleText,
          ]}
        />
        <ProForm.Item name="content" label="介绍内容" extra="中心的职能、工作机制、办公地点和联系方式等">
          <RichTextEditor placeholder="请输入中心介绍，可插入图片" height={420} disabled={readOnly} />
        </ProForm.Item>
      </Card>
      <Card title="图片展示" style={{ marginBottom: 16 }}>
        <Form.Item name="images" noStyle>
          <ImageGallery max={INTRODUCTION_IMAGES_MAX} disabled={readOnly} />
        </Form.Item>
      </Card>
    </ProForm>
  );
}

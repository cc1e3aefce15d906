import { ExportOutlined } from '@ant-design/icons';
import { FooterToolbar, ProForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { App, Button, Card, Col, Form, Row, Typography } from 'antd';
import { useState } from 'react';
import type { VillageIntroduction } from '@common/contracts/content';
import { LIMITS } from '@common/limits';
import CoverUpload from '@/components/ImageUpload/CoverUpload';
import RichTextEditor from '@/components/RichTextEditor';
import { useLeaveConfirm } from '@/hooks/useLeaveConfirm';
import { updateVillageIntroduction } from '@/services/introductions';
import { handleFormError } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { PHONE_RULE, type VillageFormValues, fromVillage, toVillageBody } from './villageValues';
import { FIELD_RULES } from '@/utils/formRules';

interface Props {
  village: VillageIntroduction;
  onSaved: (saved: VillageIntroduction) => void;
}

/** One area's page: display name, figures, cover and rich text. Saved on its own. */
export default function VillageForm({ village, onSaved }: Props) {
  const [form] = Form.useForm<VillageFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveConfirm(dirty);

  const onSave = async (values: VillageFormValues) => {
    setSaving(true);
    try {
      const saved = await updateVillageIntroduction(village.area, toVillageBody(values), { skipErrorHandler: true });
      setDirty(false);
      message.success(`已保存：${values.name.trim()}`);
      if (saved.data) onSaved(saved.data);
    } catch (error) {
      handleFormError(error, form, { coverId: 'cover' });
    } finally {
      setSaving(false);
    }
  };

  const count = (name: keyof VillageFormValues, label: string, unit: string, precision = 0) => (
    <Col xs={12} md={6}>
      <ProFormDigit
        name={name}
        label={label}
        placeholder="未填写"
        min={0}
        max={LIMITS.villageFigure}
        fieldProps={{ precision, suffix: unit, style: { width: '100%' } }}
      />
    </Col>
  );

  return (
    <ProForm<VillageFormValues>
      name="villageIntroductionForm"
      form={form}
      layout="vertical"
      initialValues={fromVillage(village)}
      onValuesChange={() => setDirty(true)}
      scrollToFirstError={{ block: 'center' }}
      autoFocusFirstInput={false}
      // The form's own values, not ProForm's converted copy (it drops the cleared figures).
      onFinish={async () => onSave(form.getFieldsValue(true))}
      submitter={{
        // Saved as 中心简介 is, from the bar along the bottom; it hides with its workbench tab (ADR 0032).
        render: () => (
          <FooterToolbar portalDom={false}>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存{village.name}
            </Button>
          </FooterToolbar>
        ),
      }}
    >
      <Card
        title={village.name}
        extra={
          <Button icon={<ExportOutlined />} href={`/introductList/${village.area}`} target="_blank" rel="noopener noreferrer">
            查看公开页面
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {village.updatedAt ? `最后更新：${formatTime(village.updatedAt)}` : '尚未编辑过，公开页面暂不显示介绍文字'}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <ProFormText
              name="name"
              label="名称"
              extra="修改后，全平台显示的村（社区）名称都会随之改变"
              placeholder="例如：李家村"
              fieldProps={{ maxLength: LIMITS.villageName }}
              rules={[
                { required: true, whitespace: true, message: '请输入村（社区）名称' },
                { max: LIMITS.villageName, message: `名称不能超过${LIMITS.villageName}个字` },
                FIELD_RULES.visibleText,
              ]}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormText
              name="leader"
              label="负责人"
              placeholder="例如：村党支部书记 王建国"
              fieldProps={{ maxLength: LIMITS.leader }}
              rules={[{ max: LIMITS.leader, message: `负责人不能超过${LIMITS.leader}个字` }, FIELD_RULES.visibleText]}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormText
              name="phone"
              label="联系电话"
              placeholder="座机或手机号码"
              fieldProps={{ maxLength: LIMITS.contactPhone, inputMode: 'tel' }}
              rules={[{ pattern: PHONE_RULE, message: '请输入正确的电话号码，如 0571-88881234 或 13800000000' }]}
            />
          </Col>
        </Row>
        <Row gutter={16}>
          {count('population', '人口', '人')}
          {count('households', '户数', '户')}
          {count('landArea', '土地面积', '亩', 1)}
          {count('partyMembers', '党员人数', '人')}
        </Row>
        <ProForm.Item name="cover" label="封面图">
          <CoverUpload hint="显示在村情介绍卡片和该村页面顶部，建议横图（16:9）" />
        </ProForm.Item>
        <ProForm.Item name="content" label="村情介绍" extra="村（社区）概况、特色产业、村务公开等">
          <RichTextEditor placeholder="请输入村情介绍，可插入图片" height={360} />
        </ProForm.Item>
      </Card>
    </ProForm>
  );
}

import { ProForm, ProFormDigit, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { App, Card, Skeleton } from 'antd';
import { useRef } from 'react';
import {
  APPEAL_DUE_WORKING_DAYS_MAX,
  APPEAL_DUE_WORKING_DAYS_MIN,
  CALLBACK_WORKING_DAYS_MAX,
  CALLBACK_WORKING_DAYS_MIN,
  PHOTO_STALE_DAYS_MAX,
  PHOTO_STALE_DAYS_MIN,
} from '@common/constants';
import type { Settings } from '@common/contracts/system';
import { LIMITS } from '@common/limits';
import { updateSettings } from '@/services/system';
import { handleFormError } from '@/utils/apiError';
import { setPlatformTitle } from '@/utils/documentTitle';
import { FIELD_RULES } from '@/utils/formRules';

/**
 * 平台设置: the title, the centre's name and filing number (header and footer), the appeals' due time,
 * when an unrated answer is due a call-back (ADR 0062) and how old a photo may be before reviewers
 * are told (ADR 0027).
 */
export default function PlatformSettings() {
  const { message } = App.useApp();
  const { initialState, setInitialState } = useModel('@@initialState');
  const settings = initialState?.settings;
  const formRef = useRef<ProFormInstance<Settings>>();

  const save = async (values: Settings) => {
    try {
      const saved = (await updateSettings(values, { skipErrorHandler: true })).data;
      if (saved) {
        await setInitialState((state) => (state ? { ...state, settings: saved } : state));
        setPlatformTitle(saved.platformTitle);
        formRef.current?.setFieldsValue(saved);
      }
      message.success('平台设置已保存');
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <Card title="平台设置" className="settings-card">
      {settings ? (
        <ProForm<Settings>
          formRef={formRef}
          name="platformSettings"
          layout="horizontal"
          labelCol={{ flex: '150px' }}
          wrapperCol={{ flex: '420px' }}
          autoComplete="off"
          autoFocusFirstInput={false}
          initialValues={settings}
          // The form's own values: ProForm's copy drops a cleared 备案号, which must save as empty.
          onFinish={async () => save(formRef.current?.getFieldsValue(true) as Settings)}
          validateTrigger={['onChange', 'onBlur']}
          // 保存 under the fields, in line with them.
          submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
        >
          <ProFormText
            name="platformTitle"
            label="平台名称"
            extra="显示在页面顶部、登录页和数据大屏"
            placeholder="请输入"
            fieldProps={{ allowClear: true, maxLength: LIMITS.platformText, showCount: true }}
            rules={[{ required: true, whitespace: true, message: '请填写平台名称' }, FIELD_RULES.visibleText]}
          />
          <ProFormText
            name="centreName"
            label="中心名称"
            extra="显示在页脚和工作台"
            placeholder="请输入"
            fieldProps={{ allowClear: true, maxLength: LIMITS.platformText, showCount: true }}
            rules={[{ required: true, whitespace: true, message: '请填写中心名称' }, FIELD_RULES.visibleText]}
          />
          <ProFormText
            name="icpNumber"
            label="网站备案号"
            extra="ICP备案号，如“浙ICP备12345678号”：显示在页脚并链接到工信部备案查询；只在内网使用可留空，留空时页脚不显示"
            placeholder="如：浙ICP备12345678号"
            fieldProps={{ allowClear: true, maxLength: LIMITS.platformText }}
            rules={[FIELD_RULES.visibleText]}
          />
          <ProFormDigit
            name="appealDueDays"
            label="诉求办理期限"
            extra="群众诉求提交后多少个工作日内答复（周末和法定节假日不计，见下方节假日安排）；只影响之后提交的诉求"
            placeholder="请输入"
            min={APPEAL_DUE_WORKING_DAYS_MIN}
            max={APPEAL_DUE_WORKING_DAYS_MAX}
            fieldProps={{ precision: 0, addonAfter: '个工作日', style: { width: 180 } }}
            rules={[{ required: true, message: `请填写 ${APPEAL_DUE_WORKING_DAYS_MIN}–${APPEAL_DUE_WORKING_DAYS_MAX} 个工作日` }]}
          />
          <ProFormDigit
            name="callbackDays"
            label="回访期限"
            extra="诉求答复后多少个工作日内群众没有在手机上评价，就列入“待回访”，由工作人员电话回访（节假日不计）；修改后对所有已答复的诉求生效"
            placeholder="请输入"
            min={CALLBACK_WORKING_DAYS_MIN}
            max={CALLBACK_WORKING_DAYS_MAX}
            fieldProps={{ precision: 0, addonBefore: '答复后', addonAfter: '个工作日', style: { width: 240 } }}
            rules={[{ required: true, message: `请填写 ${CALLBACK_WORKING_DAYS_MIN}–${CALLBACK_WORKING_DAYS_MAX} 个工作日` }]}
          />
          <ProFormDigit
            name="photoStaleDays"
            label="照片拍摄时间提示"
            extra="照片的拍摄时间早于上传多少天时，在审核和办理页面提示「拍摄过早」；只是提示，不拒收"
            placeholder="请输入"
            min={PHOTO_STALE_DAYS_MIN}
            max={PHOTO_STALE_DAYS_MAX}
            fieldProps={{ precision: 0, addonBefore: '早于上传', addonAfter: '天', style: { width: 220 } }}
            rules={[{ required: true, message: `请填写 ${PHOTO_STALE_DAYS_MIN}–${PHOTO_STALE_DAYS_MAX} 天` }]}
          />
        </ProForm>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

import { ModalForm, type ProFormInstance, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useRef } from 'react';
import { OPINION_SENTIMENTS, OPINION_SENTIMENT_LABELS, OPINION_SOURCE_APPEAL, opinionSourceLabel } from '@common/constants';
import type { OpinionBody, OpinionItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import type { Option } from '@/hooks/useReferenceOptions';
import { createOpinion, updateOpinion } from '@/services/opinions';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { OPINION_LEVEL_OPTIONS, OPINION_SOURCE_OPTIONS } from '../../components/peopleMeta';
import { FIELD_RULES } from '@/utils/formRules';

/** 群众诉求 and 随手拍 items are made by the keyword watch, never by hand. */
const isAutoSource = (source: number) => source >= OPINION_SOURCE_APPEAL;
const MANUAL_SOURCE_OPTIONS = OPINION_SOURCE_OPTIONS.filter((option) => !isAutoSource(option.value));
const SENTIMENT_OPTIONS = OPINION_SENTIMENTS.map((value) => ({ value, label: OPINION_SENTIMENT_LABELS[value] }));

interface Values {
  source: number;
  title: string;
  summary?: string;
  link?: string;
  sentiment: OpinionBody['sentiment'];
  level: number;
  area?: number | null;
}

const NEW_VALUES: Partial<Values> = { source: 1, sentiment: 'neutral', level: 1 };

interface Props {
  open: boolean;
  /** The item being edited; none for 新增舆情. */
  opinion?: OpinionItem;
  areas: Option[];
  onClose: () => void;
  onSaved: () => void;
  /** The item is gone (404): the page reloads. */
  onStale: () => void;
}

/**
 * 新增舆情 / 编辑舆情. Each field is checked as it is typed; when the server refuses, its reasons go
 * under their fields and what was typed stays.
 */
export default function OpinionForm({ open, opinion, areas, onClose, onSaved, onStale }: Props) {
  const formRef = useRef<ProFormInstance<Values>>();
  const auto = !!opinion && isAutoSource(opinion.source);

  const submit = async (values: Values) => {
    const body: OpinionBody = {
      source: values.source,
      title: values.title.trim(),
      summary: values.summary?.trim() ?? '',
      link: values.link?.trim() ?? '',
      sentiment: values.sentiment,
      level: values.level,
      area: values.area ?? null,
    };
    try {
      if (opinion) await updateOpinion(opinion.id, body, { skipErrorHandler: true });
      else await createOpinion(body, { skipErrorHandler: true });
      showMessage('success', opinion ? `已保存舆情：${body.title}` : `已新增舆情：${body.title}`);
      onSaved();
    } catch (error) {
      if (opinion && apiErrorBody(error)?.code === 404) {
        showApiError(error);
        onStale();
      } else {
        handleFormError(error, formRef.current);
      }
    }
  };

  return (
    <ModalForm<Values>
      title={opinion ? '编辑舆情' : '新增舆情'}
      {...dialogState(open, onClose)}
      name="opinionForm"
      formRef={formRef}
      width={720}
      // Two fields a row where they are short, and centred: 保存 stays in view on a 1366×768 screen.
      grid
      rowProps={{ gutter: 16 }}
      modalProps={{ ...FRESH_DIALOG, okText: '保存', centered: true }}
      initialValues={
        opinion
          ? {
              source: opinion.source,
              title: opinion.title,
              summary: opinion.summary,
              link: opinion.link,
              sentiment: opinion.sentiment,
              level: opinion.level,
              area: opinion.area,
            }
          : NEW_VALUES
      }
      onFinish={submit}
    >
      <ProFormRadio.Group
        name="source"
        label="来源"
        radioType="button"
        disabled={auto}
        options={auto ? OPINION_SOURCE_OPTIONS.filter((o) => o.value === opinion?.source) : MANUAL_SOURCE_OPTIONS}
        rules={[{ required: true, message: '请选择来源' }]}
        extra={
          auto
            ? `由监测关键词「${opinion?.keyword ?? ''}」从${opinionSourceLabel(opinion!.source)}自动生成，来源不能修改`
            : '群众诉求、随手拍来源的舆情由系统根据监测关键词自动生成'
        }
      />
      <ProFormText
        name="title"
        label="标题"
        placeholder="例如：网帖称镇区菜市场周边占道经营严重"
        fieldProps={{ showCount: true, maxLength: LIMITS.opinionTitle }}
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          { max: LIMITS.opinionTitle, message: `标题不能超过${LIMITS.opinionTitle}个字` },
          FIELD_RULES.visibleText,
        ]}
      />
      <ProFormTextArea
        name="summary"
        label="摘要"
        placeholder="选填：舆情的主要内容、传播情况"
        fieldProps={{ rows: 3, showCount: true, maxLength: LIMITS.opinionSummary }}
        rules={[{ max: LIMITS.opinionSummary, message: `摘要不能超过${LIMITS.opinionSummary}个字` }]}
      />
      <ProFormText
        name="link"
        label="原文链接"
        colProps={{ span: 14 }}
        placeholder="选填，例如：https://bbs.example.com/thread/10086"
        rules={[
          { pattern: /^https?:\/\/\S+$/, message: '请输入以 http:// 或 https:// 开头的链接' },
          { max: LIMITS.opinionLink, message: `链接不能超过${LIMITS.opinionLink}个字符` },
        ]}
      />
      <ProFormSelect
        name="area"
        label="相关区域"
        colProps={{ span: 10 }}
        placeholder="全镇"
        extra="不选表示全镇"
        options={areas}
        allowClear
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormRadio.Group
        name="sentiment"
        label="情感倾向"
        colProps={{ span: 12 }}
        radioType="button"
        options={SENTIMENT_OPTIONS}
        rules={[{ required: true, message: '请选择情感倾向' }]}
      />
      <ProFormRadio.Group
        name="level"
        label="级别"
        colProps={{ span: 12 }}
        radioType="button"
        options={OPINION_LEVEL_OPTIONS}
        rules={[{ required: true, message: '请选择级别' }]}
      />
      {opinion ? null : <Typography.Text type="secondary">新增的舆情为「监测中」，处置后在列表中标为已处置。</Typography.Text>}
    </ModalForm>
  );
}

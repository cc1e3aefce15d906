import { ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { AREA_SORT_MAX } from '@common/constants';
import type { VillageItem } from '@common/contracts/system';
import { LIMITS } from '@common/limits';
import RecordDialog, { type RecordDialogState } from '@/components/FormDialog/RecordDialog';
import { createVillage, updateVillage } from '@/services/system';
import { FIELD_RULES } from '@/utils/formRules';

interface Values {
  name: string;
  code?: string;
  sortOrder: number;
}

/** 新增 or 编辑 one village: name, 12-digit division code (optional), sort order. */
export default function VillageForm({
  dialog,
  nextSortOrder,
  onSaved,
}: {
  dialog: RecordDialogState<VillageItem>;
  /** The sort order a new village starts with: after the last one. */
  nextSortOrder: number;
  onSaved: () => void;
}) {
  const village = dialog.record;

  const save = async (values: Values) => {
    const code = values.code?.trim() ?? '';
    const body = { name: values.name.trim(), code: code || null, sortOrder: values.sortOrder };
    if (village) await updateVillage(village.id, body, { skipErrorHandler: true });
    else await createVillage(body, { skipErrorHandler: true });
    return village ? `已保存：${body.name}` : `已新增：${body.name}`;
  };

  return (
    <RecordDialog<VillageItem, Values>
      dialog={dialog}
      name="villageForm"
      title={village ? `编辑村（社区）：${village.name}` : '新增村（社区）'}
      initialValues={
        village ? { name: village.name, code: village.code ?? '', sortOrder: village.sortOrder } : { sortOrder: nextSortOrder }
      }
      save={save}
      onSaved={onSaved}
    >
      <ProFormText
        name="name"
        label="名称"
        placeholder="例如：李家村、幸福社区"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: LIMITS.areaName, message: `名称不能超过${LIMITS.areaName}个字符` },
          FIELD_RULES.visibleText,
        ]}
      />
      <ProFormText
        name="code"
        label="统计用区划代码"
        placeholder="选填，例如 110101001001"
        extra="12位数字，可在国家统计局公布的统计用区划代码中查到；不知道可不填"
        fieldProps={{ inputMode: 'numeric', maxLength: 12 }}
        rules={[{ pattern: /^\d{12}$/, message: '区划代码应为12位数字' }]}
      />
      <ProFormDigit
        name="sortOrder"
        label="排序"
        extra="数字小的排在前面；选择框、图表、数据大屏和通报都按此顺序"
        min={0}
        max={AREA_SORT_MAX}
        width={160}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请输入排序' }]}
      />
    </RecordDialog>
  );
}

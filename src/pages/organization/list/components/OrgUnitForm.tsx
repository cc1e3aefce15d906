import { ModalForm, ProForm, ProFormDigit, type ProFormInstance, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { App, TreeSelect } from 'antd';
import { useRef } from 'react';
import { OrgUnitBody } from '@common/contracts/content';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { createOrgUnit, updateOrgUnit } from '@/services/orgUnits';
import { handleFormError } from '@/utils/apiError';
import { type OrgUnitRow, nextSort, parentOptions } from './orgTree';
import { FIELD_RULES } from '@/utils/formRules';

/** What the form is for: a new unit (under `parent`, or at the top) or editing `unit`. */
export type OrgUnitFormTarget = { mode: 'create'; parent?: OrgUnitRow } | { mode: 'edit'; unit: OrgUnitRow };

interface OrgUnitFormValues {
  name: string;
  parentId: number | null;
  leader: string;
  position: string;
  phone: string;
  sort: number | null;
  members: string;
}

interface Props {
  target?: OrgUnitFormTarget;
  rows: OrgUnitRow[];
  onClose: () => void;
  /** After a save: the saved unit's parent id (to show it). */
  onSaved: (parentId: number | null) => void;
}

const PHONE_RULE = new RegExp(OrgUnitBody.properties.phone.pattern as string);
const EMPTY: OrgUnitFormValues = { name: '', parentId: null, leader: '', position: '', phone: '', sort: 0, members: '' };

function initialValues(target: OrgUnitFormTarget, rows: OrgUnitRow[]): OrgUnitFormValues {
  if (target.mode === 'create') {
    return { ...EMPTY, parentId: target.parent?.id ?? null, sort: nextSort(target.parent ? (target.parent.children ?? []) : rows) };
  }
  const { name, parentId, leader, position, phone, sort, members } = target.unit;
  return { name, parentId, leader, position, phone, sort, members };
}

const titleOf = (target: OrgUnitFormTarget) => {
  if (target.mode === 'edit') return `编辑单位：${target.unit.name}`;
  return target.parent ? `添加下级单位（上级：${target.parent.name}）` : '新增顶级单位';
};

/** Add or edit a unit in a dialog; the parent is picked from the tree (never the unit's own branch). */
export default function OrgUnitForm({ target, rows, onClose, onSaved }: Props) {
  const formRef = useRef<ProFormInstance<OrgUnitFormValues>>();
  const { message } = App.useApp();

  const submit = async (values: OrgUnitFormValues) => {
    if (!target) return;
    const body: OrgUnitBody = {
      name: values.name.trim(),
      parentId: values.parentId ?? null,
      leader: (values.leader ?? '').trim(),
      position: (values.position ?? '').trim(),
      phone: (values.phone ?? '').trim(),
      sort: values.sort ?? 0,
      members: (values.members ?? '').trim(),
    };
    try {
      if (target.mode === 'edit') {
        await updateOrgUnit(target.unit.id, body, { skipErrorHandler: true });
        message.success(`已保存：${body.name}`);
      } else {
        await createOrgUnit(body, { skipErrorHandler: true });
        message.success(`已添加：${body.name}`);
      }
      onSaved(body.parentId);
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<OrgUnitFormValues>
      title={target ? titleOf(target) : ''}
      {...dialogState(!!target, onClose)}
      name="orgUnitForm"
      formRef={formRef}
      width={560}
      modalProps={{ ...FRESH_DIALOG, okText: '保存' }}
      initialValues={target ? initialValues(target, rows) : EMPTY}
      onFinish={submit}
    >
      <ProFormText
        name="name"
        label="单位名称"
        placeholder="例如：综治办"
        fieldProps={{ maxLength: LIMITS.orgUnitName }}
        rules={[
          { required: true, whitespace: true, message: '请输入单位名称' },
          { max: LIMITS.orgUnitName, message: `单位名称不能超过${LIMITS.orgUnitName}个字` },
          FIELD_RULES.visibleText,
        ]}
      />
      {/* antd's TreeSelect: pro-field's tree select is loaded on use (ADR 0047). */}
      <ProForm.Item name="parentId" label="上级单位" extra="不选择时为顶级单位；不能选择本单位及其下级单位">
        <TreeSelect
          placeholder="无（顶级单位）"
          allowClear
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          treeData={parentOptions(rows, target?.mode === 'edit' ? target.unit : undefined)}
        />
      </ProForm.Item>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', columnGap: 16 }}>
        <ProFormText
          name="leader"
          label="负责人"
          placeholder="姓名"
          fieldProps={{ maxLength: LIMITS.leader }}
          rules={[{ max: LIMITS.leader, message: `负责人不能超过${LIMITS.leader}个字` }, FIELD_RULES.visibleText]}
        />
        <ProFormText
          name="position"
          label="职务"
          placeholder="例如：主任"
          fieldProps={{ maxLength: LIMITS.position }}
          rules={[{ max: LIMITS.position, message: `职务不能超过${LIMITS.position}个字` }, FIELD_RULES.visibleText]}
        />
        <ProFormText
          name="phone"
          label="联系电话"
          placeholder="座机或手机"
          fieldProps={{ maxLength: LIMITS.contactPhone, inputMode: 'tel' }}
          rules={[{ pattern: PHONE_RULE, message: '请输入正确的电话号码' }]}
        />
      </div>
      <ProFormDigit
        name="sort"
        label="排序"
        extra="同一上级下按数字从小到大排列"
        min={0}
        max={LIMITS.orgUnitSort}
        width={160}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请输入排序号' }]}
      />
      <ProFormTextArea
        name="members"
        label="成员"
        placeholder="每行一人，或用“、”分隔，例如：王芳、赵强"
        fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, maxLength: LIMITS.orgUnitMembers, showCount: true }}
        rules={[{ max: LIMITS.orgUnitMembers, message: `成员不能超过${LIMITS.orgUnitMembers}个字` }]}
      />
    </ModalForm>
  );
}

import { App, Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { OrgUnitBody } from '@common/contracts/content';
import { LIMITS } from '@common/limits';
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
  const [form] = Form.useForm<OrgUnitFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(initialValues(target, rows));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, form]);

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
    setSaving(true);
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
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={target ? titleOf(target) : ''}
      open={!!target}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      width={560}
      forceRender
    >
      <Form<OrgUnitFormValues> name="orgUnitForm" form={form} layout="vertical" onFinish={submit} initialValues={EMPTY}>
        <Form.Item
          name="name"
          label="单位名称"
          rules={[
            { required: true, whitespace: true, message: '请输入单位名称' },
            { max: LIMITS.orgUnitName, message: `单位名称不能超过${LIMITS.orgUnitName}个字` },
            FIELD_RULES.visibleText,
          ]}
        >
          <Input placeholder="例如：综治办" maxLength={LIMITS.orgUnitName} />
        </Form.Item>
        <Form.Item name="parentId" label="上级单位" extra="不选择时为顶级单位；不能选择本单位及其下级单位">
          <TreeSelect
            placeholder="无（顶级单位）"
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={parentOptions(rows, target?.mode === 'edit' ? target.unit : undefined)}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', columnGap: 16 }}>
          <Form.Item
            name="leader"
            label="负责人"
            rules={[{ max: LIMITS.leader, message: `负责人不能超过${LIMITS.leader}个字` }, FIELD_RULES.visibleText]}
          >
            <Input placeholder="姓名" maxLength={LIMITS.leader} />
          </Form.Item>
          <Form.Item
            name="position"
            label="职务"
            rules={[{ max: LIMITS.position, message: `职务不能超过${LIMITS.position}个字` }, FIELD_RULES.visibleText]}
          >
            <Input placeholder="例如：主任" maxLength={LIMITS.position} />
          </Form.Item>
          <Form.Item name="phone" label="联系电话" rules={[{ pattern: PHONE_RULE, message: '请输入正确的电话号码' }]}>
            <Input placeholder="座机或手机" maxLength={LIMITS.contactPhone} inputMode="tel" />
          </Form.Item>
        </div>
        <Form.Item name="sort" label="排序" extra="同一上级下按数字从小到大排列" rules={[{ required: true, message: '请输入排序号' }]}>
          <InputNumber min={0} max={LIMITS.orgUnitSort} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="members"
          label="成员"
          rules={[{ max: LIMITS.orgUnitMembers, message: `成员不能超过${LIMITS.orgUnitMembers}个字` }]}
        >
          <Input.TextArea
            placeholder="每行一人，或用“、”分隔，例如：王芳、赵强"
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={LIMITS.orgUnitMembers}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

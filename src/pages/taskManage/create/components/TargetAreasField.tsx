import { Form, Select, Space } from 'antd';
import { TOWN_AREA_ID } from '@common/constants';
import type { Option } from '@/hooks/useReferenceOptions';
import { RowLink } from '@/components/TableParts';

/** Target areas: a multi select with quick picks (all areas, all villages, none). */
export default function TargetAreasField({ areaOptions }: { areaOptions: Option[] }) {
  const form = Form.useFormInstance();
  const pick = (ids: number[]) => {
    form.setFieldValue('areas', ids);
    form.validateFields(['areas']).catch(() => undefined);
  };
  const all = areaOptions.map((a) => a.value);
  const villages = all.filter((id) => id !== TOWN_AREA_ID);
  return (
    <Form.Item
      label="目标区域"
      // The label's Form.Item has no name of its own: point it at the select so it is announced.
      htmlFor="taskForm_areas"
      required
      extra={
        <Space size={12}>
          <RowLink onClick={() => pick(all)}>全部区域</RowLink>
          <RowLink onClick={() => pick(villages)}>全部村</RowLink>
          <RowLink onClick={() => pick([])}>清空</RowLink>
        </Space>
      }
    >
      <Form.Item name="areas" noStyle rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个目标区域' }]}>
        <Select
          mode="multiple"
          placeholder="请选择接收任务的村（社区）"
          options={areaOptions}
          optionFilterProp="label"
          maxTagCount="responsive"
          allowClear
        />
      </Form.Item>
    </Form.Item>
  );
}

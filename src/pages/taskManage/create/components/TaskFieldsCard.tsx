import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProFormDependency, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  type FieldDefinitionPart,
  TASK_FIELD_DECIMALS_MAX,
  TASK_FIELD_NUMBER_MAX,
  TASK_FIELD_OPTIONS_MAX,
  TASK_FIELD_TYPE_LABELS,
  TASK_FIELD_TYPES,
  TASK_FIELDS_MAX,
  type TaskField,
  fieldDefinitionProblem,
  nextFieldKey,
} from '@common/taskFields';
import { LIMITS } from '@common/limits';
import { FIELD_RULES } from '@/utils/formRules';
import { newField } from './taskFormValues';

const TYPE_OPTIONS = TASK_FIELD_TYPES.map((value) => ({ value, label: TASK_FIELD_TYPE_LABELS[value] }));
const DECIMAL_OPTIONS = Array.from({ length: TASK_FIELD_DECIMALS_MAX + 1 }, (_, n) => ({ value: n, label: n ? `${n}位小数` : '整数' }));

/**
 * A rule that shows what common/taskFields.ts finds wrong with this part of the row, as the server
 * would say it. Empty names of other rows do not hide it: each counts as its own name here.
 */
function partRule(index: number, part: FieldDefinitionPart): Rule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const rows = ((getFieldValue('fields') as TaskField[] | undefined) ?? []).map((row, i) => ({
        ...row,
        label: part === 'label' ? (row.label ?? '') : row.label?.trim() || `\u0000${i}`,
        options: (row.options ?? []).map((o) => o.trim()),
      }));
      const problem = rows[index] ? fieldDefinitionProblem(rows[index], rows.slice(0, index)) : undefined;
      if (problem?.part === part) throw new Error(problem.message);
    },
  });
}

/**
 * 填报字段: what a report fills beyond text and photos — a number with its unit and bounds, one
 * choice, a date. 完成情况 sums the numbers per village (docs/product.md §4).
 */
export default function TaskFieldsCard() {
  const form = Form.useFormInstance();
  return (
    <Card
      title="填报字段"
      style={{ marginBottom: 16 }}
      extra={<Typography.Text type="secondary">可选：请村干部填写数字、单选或日期，完成情况中按村汇总数字</Typography.Text>}
    >
      <Form.List name="fields">
        {(rows, { add, remove, move }) => (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            {rows.length === 0 ? (
              <Typography.Text type="secondary">暂无填报字段：村干部只按提交模板填写文字或上传图片。</Typography.Text>
            ) : null}
            {rows.map(({ key, name }, index) => (
              <Card
                key={key}
                type="inner"
                size="small"
                title={`第${index + 1}项`}
                data-testid={`task-field-${index}`}
                extra={
                  <Space size={4}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移第${index + 1}项`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移第${index + 1}项`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(name)}>
                      删除
                    </Button>
                  </Space>
                }
              >
                <Row gutter={16}>
                  <Col xs={24} lg={10}>
                    <ProFormText
                      name={[name, 'label']}
                      label="字段名称"
                      placeholder="例如：排查户数"
                      fieldProps={{ maxLength: LIMITS.taskFieldLabel, showCount: true }}
                      rules={[
                        { required: true, whitespace: true, message: '请填写字段名称' },
                        FIELD_RULES.visibleText,
                        partRule(index, 'label'),
                      ]}
                    />
                  </Col>
                  <Col xs={12} lg={7}>
                    <ProFormSelect
                      name={[name, 'type']}
                      label="类型"
                      options={TYPE_OPTIONS}
                      allowClear={false}
                      rules={[{ required: true, message: '请选择类型' }]}
                    />
                  </Col>
                  <Col xs={12} lg={7}>
                    <ProFormSwitch name={[name, 'required']} label="必填" />
                  </Col>
                </Row>
                <ProFormDependency name={[['fields', name, 'type']]}>
                  {({ fields }) => {
                    const type = (fields as TaskField[] | undefined)?.[name]?.type;
                    if (type === 'number') {
                      const bounds = [
                        ['fields', name, 'min'],
                        ['fields', name, 'max'],
                        ['fields', name, 'decimals'],
                      ];
                      return (
                        <Row gutter={16}>
                          <Col xs={12} lg={6}>
                            <ProFormText
                              name={[name, 'unit']}
                              label="单位"
                              placeholder="如：户、人次"
                              fieldProps={{ maxLength: LIMITS.taskFieldUnit }}
                              rules={[FIELD_RULES.visibleText]}
                            />
                          </Col>
                          <Col xs={12} lg={6}>
                            <ProFormSelect name={[name, 'decimals']} label="小数位数" options={DECIMAL_OPTIONS} allowClear={false} />
                          </Col>
                          <Col xs={12} lg={6}>
                            <ProFormDigit
                              name={[name, 'min']}
                              label="最小值"
                              placeholder="不限"
                              min={-TASK_FIELD_NUMBER_MAX}
                              max={TASK_FIELD_NUMBER_MAX}
                              dependencies={bounds}
                              fieldProps={{ style: { width: '100%' } }}
                              rules={[partRule(index, 'min')]}
                            />
                          </Col>
                          <Col xs={12} lg={6}>
                            <ProFormDigit
                              name={[name, 'max']}
                              label="最大值"
                              placeholder="不限"
                              min={-TASK_FIELD_NUMBER_MAX}
                              max={TASK_FIELD_NUMBER_MAX}
                              dependencies={bounds}
                              fieldProps={{ style: { width: '100%' } }}
                              rules={[partRule(index, 'max')]}
                            />
                          </Col>
                        </Row>
                      );
                    }
                    if (type === 'choice') {
                      return (
                        <ProFormSelect
                          name={[name, 'options']}
                          label="选项"
                          mode="tags"
                          placeholder="输入一个选项后按回车，如：是、否"
                          extra={`至少2个，最多${TASK_FIELD_OPTIONS_MAX}个，每个不超过${LIMITS.taskFieldOption}字`}
                          fieldProps={{ tokenSeparators: ['、', '，', ','], open: false, maxTagTextLength: LIMITS.taskFieldOption }}
                          rules={[partRule(index, 'options')]}
                        />
                      );
                    }
                    return <Typography.Text type="secondary">村干部在手机上选择一个日期。</Typography.Text>;
                  }}
                </ProFormDependency>
              </Card>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={rows.length >= TASK_FIELDS_MAX}
              onClick={() => add(newField(nextFieldKey((form.getFieldValue('fields') as TaskField[] | undefined) ?? [])))}
            >
              添加填报字段{rows.length >= TASK_FIELDS_MAX ? `（最多${TASK_FIELDS_MAX}项）` : ''}
            </Button>
          </Space>
        )}
      </Form.List>
    </Card>
  );
}

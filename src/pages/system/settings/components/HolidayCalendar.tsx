import { ProForm, ProFormDatePicker, type ProFormInstance, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Card, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { CALENDAR_KIND_LABELS, type CalendarDay, type CalendarKind } from '@common/contracts/calendar';
import { LIMITS } from '@common/limits';
import LoadError from '@/components/LoadError';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { queryYearCalendar, restoreYearCalendar, saveYearCalendar } from '@/services/calendar';
import { apiErrorMessage } from '@/utils/apiError';
import { FIELD_RULES } from '@/utils/formRules';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const isWeekend = (date: Dayjs) => date.day() === 0 || date.day() === 6;

/** As ProForm hands it over: the picked day already written YYYY-MM-DD (its default dateFormatter). */
interface NewDay {
  date?: string;
  kind: CalendarKind;
  name?: string;
}

function statusOf(year: number, source: 'builtin' | 'admin' | null) {
  if (source === 'builtin') return { type: 'info' as const, text: `${year}年按内置的国务院办公厅节假日安排计算，可按本地实际修改。` };
  if (source === 'admin') return { type: 'success' as const, text: `${year}年按本中心录入的安排计算。` };
  return {
    type: 'warning' as const,
    text: `${year}年的节假日安排尚未录入：诉求办理期限暂时只跳过周六、周日。国务院办公厅公布安排后，请在下方录入放假日和调休上班日并保存。`,
  };
}

/**
 * 节假日安排: the days appeal due times skip (statutory holidays) or count (调休 weekends worked),
 * per year, edited as a list and saved as a whole (ADR 0017).
 */
export default function HolidayCalendar() {
  const { message } = App.useApp();
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const [days, setDays] = useState<CalendarDay[]>([]);
  const [dirty, setDirty] = useState(false);
  const formRef = useRef<ProFormInstance<NewDay>>();
  const { data, loading, error, refresh, mutate } = useRequest(
    () => queryYearCalendar(year, { skipErrorHandler: true }).then((b) => b.data),
    {
      refreshDeps: [year],
    },
  );

  useEffect(() => {
    setDays(data?.days ?? []);
    setDirty(false);
  }, [data]);

  const apply = (next: CalendarDay[]) => {
    setDays([...next].sort((a, b) => a.date.localeCompare(b.date)));
    setDirty(true);
  };

  const add = (values: NewDay) => {
    if (!values.date) return;
    apply([...days, { date: values.date, kind: values.kind, name: (values.name ?? '').trim() }]);
    formRef.current?.resetFields(['date']);
  };

  const save = async () => {
    try {
      const saved = (await saveYearCalendar(year, days, { skipErrorHandler: true })).data;
      mutate(saved);
      message.success(`${year}年节假日安排已保存，之后提交的诉求按新安排计算办理期限`);
    } catch (e) {
      message.error(`保存失败：${apiErrorMessage(e)}`);
    }
  };

  const restore = async () => {
    try {
      const restored = (await restoreYearCalendar(year, { skipErrorHandler: true })).data;
      mutate(restored);
      message.success(`已恢复${year}年的内置节假日安排`);
    } catch (e) {
      message.error(`恢复失败：${apiErrorMessage(e)}`);
    }
  };

  const status = data ? statusOf(year, data.source) : undefined;
  const taken = new Set(days.map((d) => d.date));

  return (
    <Card
      title="节假日安排"
      className="settings-card"
      extra={
        <Radio.Group
          aria-label="年份"
          optionType="button"
          value={year}
          onChange={(e) => setYear(e.target.value)}
          options={[thisYear, thisYear + 1].map((y) => ({ label: `${y}年`, value: y }))}
          disabled={dirty}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        诉求办理期限按工作日计算：跳过周六、周日和法定节假日，调休上班的周末照常计算。修改只影响之后提交的诉求，已提交诉求的办理时限不变。
      </Typography.Paragraph>
      <LoadError message={error ? pageErrorMessage(error) : undefined} onRetry={refresh} />
      {status && <Alert type={status.type} showIcon message={status.text} style={{ marginBottom: 16 }} />}
      <ProForm<NewDay>
        formRef={formRef}
        name="holidayDay"
        layout="inline"
        initialValues={{ kind: 'off' }}
        autoFocusFirstInput={false}
        onFinish={async (values) => add(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="添加日期"
        // 添加到列表 in line with the fields.
        submitter={{
          searchConfig: { submitText: '添加到列表' },
          resetButtonProps: false,
          submitButtonProps: { type: 'default' },
          render: (_, buttons) => <ProForm.Item>{buttons}</ProForm.Item>,
        }}
      >
        <ProFormDatePicker
          name="date"
          label="日期"
          dependencies={['kind']}
          rules={[
            { required: true, message: '请选择日期' },
            ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
              validator: (_: unknown, value?: Dayjs) => {
                if (!value) return Promise.resolve();
                if (taken.has(value.format('YYYY-MM-DD'))) return Promise.reject(new Error('这一天已在列表中'));
                if (getFieldValue('kind') === 'work' && !isWeekend(value)) return Promise.reject(new Error('调休上班日应为周六或周日'));
                return Promise.resolve();
              },
            }),
          ]}
          fieldProps={{
            disabledDate: (d: Dayjs) => d.year() !== year,
            defaultPickerValue: dayjs(`${year}-01-01`),
            format: 'YYYY-MM-DD',
            cellRender: (current: Dayjs | number | string, info: { type: string; originNode: React.ReactElement }) =>
              info.type === 'date' && dayjs.isDayjs(current) && isWeekend(current) ? (
                <div className="ant-picker-cell-inner holiday-weekend">{current.date()}</div>
              ) : (
                info.originNode
              ),
            style: { width: 150 },
          }}
        />
        <ProFormSelect
          name="kind"
          label="类型"
          allowClear={false}
          fieldProps={{ style: { width: 120 } }}
          options={(Object.keys(CALENDAR_KIND_LABELS) as CalendarKind[]).map((k) => ({ value: k, label: CALENDAR_KIND_LABELS[k] }))}
        />
        <ProFormText
          name="name"
          label="名称"
          placeholder="如 国庆节"
          fieldProps={{ maxLength: LIMITS.calendarName, style: { width: 160 } }}
          rules={[{ required: true, whitespace: true, message: '请填写名称，如 国庆节' }, FIELD_RULES.visibleText]}
        />
      </ProForm>
      <Table<CalendarDay>
        rowKey="date"
        size="small"
        loading={loading}
        dataSource={days}
        pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (total) => `共 ${total} 天` }}
        locale={{ emptyText: `${year}年还没有录入放假日或调休上班日` }}
        columns={[
          { title: '日期', dataIndex: 'date', render: (date: string) => `${date} ${WEEKDAYS[dayjs(date).day()]}` },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (kind: CalendarKind) => <Tag color={kind === 'off' ? 'red' : 'blue'}>{CALENDAR_KIND_LABELS[kind]}</Tag>,
          },
          { title: '名称', dataIndex: 'name' },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, day) => (
              <Button
                type="link"
                size="small"
                onClick={() => apply(days.filter((d) => d.date !== day.date))}
                aria-label={`移除 ${day.date}`}
              >
                移除
              </Button>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }} wrap>
        <Popconfirm
          title={`保存${year}年的节假日安排？`}
          description="保存后，之后提交的诉求按新安排计算办理期限。"
          okText="保存"
          cancelText="取消"
          onConfirm={save}
          disabled={!dirty}
        >
          <Button type="primary" disabled={!dirty}>
            保存{year}年安排
          </Button>
        </Popconfirm>
        <Button
          disabled={!dirty}
          onClick={() => {
            setDays(data?.days ?? []);
            setDirty(false);
          }}
        >
          放弃修改
        </Button>
        {data?.builtinAvailable && data.source === 'admin' && (
          <Popconfirm
            title={`恢复${year}年的内置安排？`}
            description="本中心对这一年的修改将被替换。"
            okText="恢复"
            cancelText="取消"
            onConfirm={restore}
          >
            <Button>恢复内置安排</Button>
          </Popconfirm>
        )}
        {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
      </Space>
    </Card>
  );
}

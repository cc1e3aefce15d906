import { ModalForm, type ProFormInstance, ProFormTextArea } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { App, Button, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { TOWN_AREA_ID } from '@common/constants';
import type { BatchResult } from '@common/contracts/base';
import { LIMITS } from '@common/limits';
import { reachesTown } from '@common/scope';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { markNoticesStale } from '@/services/notices';
import { apiErrorBody, handleFormError, showApiError } from '@/utils/apiError';
import { DispatchFields } from './DispatchAction';
import type { ApiBody } from '@/utils/requestConfig';

type Call = (ids: number[], body: Record<string, unknown>) => Promise<ApiBody<BatchResult>>;

/** A bulk step the list offers on its selected rows. */
export interface BatchAction<Item> {
  key: string;
  /** The button: 批量受理. */
  label: string;
  /**
   * What the step needs besides the rows: nothing (a confirmation), a village (转派) or one reason
   * for all (不予受理, 标为无效).
   */
  kind: 'confirm' | 'dispatch' | 'reason';
  /** Only some selectable rows can take it, and `misfit` says which (e.g. 只能受理待受理的诉求). */
  fits?: (item: Item) => boolean;
  misfit?: string;
  /** The reason's label, for `reason`. */
  reasonLabel?: string;
  danger?: boolean;
  call: Call;
}

interface Options<Item extends { id: number }> {
  /** 诉求, 随手拍. */
  what: string;
  /** The rows of the page as shown: the selection is of these and is dropped when they change. */
  rows: readonly Item[];
  /** Whether a row can be selected at all (handling still open). */
  selectable: (item: Item) => boolean;
  /** The row as its checkbox names it. */
  name: (item: Item) => string;
  actions: Array<BatchAction<Item>>;
  /** After a step, or a refusal because records moved meanwhile: reload the list and its counts. */
  onChanged: () => void;
}

interface FormValues {
  areaId?: number;
  note?: string;
  reason?: string;
}

/**
 * Bulk steps on a people-service list (ADR 0063): row selection on the current page, the selection
 * bar with the steps and their count, a confirmation (or a form) naming the count, and a message
 * after. The server moves all of them or none; when it refuses because one moved meanwhile, its
 * message names that record and the list reloads.
 */
export function useBatchActions<Item extends { id: number }>(options: Options<Item>) {
  const { what, rows, selectable, name, onChanged } = options;
  const { modal, message } = App.useApp();
  const { initialState } = useModel('@@initialState');
  const townWide = !!initialState?.currentUser && reachesTown(initialState.currentUser);
  const villages = useAreaOptions({ picking: true }).filter((area) => area.value !== TOWN_AREA_ID);
  const [selected, setSelected] = useState<Item[]>([]);
  const [formAction, setFormAction] = useState<BatchAction<Item>>();
  const formRef = useRef<ProFormInstance<FormValues>>();
  // Handing down is for handlers of the whole town (the server refuses anyone else).
  const actions = options.actions.filter((action) => action.kind !== 'dispatch' || townWide);

  // Another page, tab or filter, or a reload: the rows selected are no longer the ones shown.
  useEffect(() => setSelected((prev) => (prev.length ? [] : prev)), [rows]);

  const done = (res: ApiBody<BatchResult>) => {
    message.success(res.message ?? `已处理 ${res.data?.count ?? 0} 条${what}`);
    setSelected([]);
    onChanged();
    markNoticesStale();
  };
  const stale = (error: unknown) => {
    showApiError(error);
    setSelected([]);
    onChanged();
  };
  const ids = () => selected.map((item) => item.id);

  const start = (action: BatchAction<Item>) => {
    // The button stays focusable and says why it cannot act on this selection.
    const misfits = action.fits ? selected.filter((item) => !action.fits!(item)).length : 0;
    if (misfits) {
      message.warning(`${action.misfit ?? '所选记录不能进行此操作'}：选中的有 ${misfits} 条不符合，请取消勾选后再试`);
      return;
    }
    if (action.kind !== 'confirm') {
      setFormAction(action);
      return;
    }
    modal.confirm({
      title: `${action.label}选中的 ${selected.length} 条${what}？`,
      content: '全部成功或全部不处理：其中任何一条已被他人处理时，所选的都不会处理。',
      okText: action.label,
      cancelText: '取消',
      onOk: async () => {
        try {
          done(await action.call(ids(), {}));
        } catch (error) {
          stale(error);
        }
      },
    });
  };

  const submitForm = async (values: FormValues) => {
    const action = formAction!;
    const body =
      action.kind === 'dispatch' ? { areaId: values.areaId, note: values.note?.trim() ?? '' } : { reason: values.reason?.trim() };
    try {
      done(await action.call(ids(), body));
      setFormAction(undefined);
    } catch (error) {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) {
        setFormAction(undefined);
        stale(error);
      } else handleFormError(error, formRef.current);
    }
  };

  const buttons = (): ReactNode => (
    <Space wrap>
      {actions.map((action) => (
        <Button key={action.key} size="small" danger={action.danger} onClick={() => start(action)}>
          {action.label}
        </Button>
      ))}
      <Button size="small" onClick={() => setSelected([])}>
        取消选择
      </Button>
    </Space>
  );

  const reasonLabel = formAction?.reasonLabel ?? '原因';
  const modals = (
    <ModalForm<FormValues>
      title={formAction ? `${formAction.label}（${selected.length} 条${what}）` : ''}
      {...dialogState(!!formAction, () => setFormAction(undefined))}
      name="batchForm"
      formRef={formRef}
      width={520}
      modalProps={{ ...FRESH_DIALOG, okText: formAction?.label ?? '确定' }}
      submitter={{ submitButtonProps: { danger: formAction?.danger } }}
      onFinish={submitForm}
    >
      <Typography.Paragraph>
        {formAction?.kind === 'dispatch'
          ? `将选中的 ${selected.length} 条${what}交由同一个村办理，村干部会收到通知。`
          : `选中的 ${selected.length} 条${what}使用同一个${reasonLabel}，提交人会看到。`}
        全部成功或全部不处理。
      </Typography.Paragraph>
      {formAction?.kind === 'dispatch' ? (
        <DispatchFields villages={villages} />
      ) : (
        <ProFormTextArea
          name="reason"
          label={reasonLabel}
          placeholder={`请填写${reasonLabel}`}
          fieldProps={{ rows: 4, maxLength: LIMITS.refusalReason, showCount: true }}
          rules={[
            { required: true, whitespace: true, message: `请填写${reasonLabel}` },
            { max: LIMITS.refusalReason, message: `${reasonLabel}不能超过${LIMITS.refusalReason}个字` },
          ]}
        />
      )}
    </ModalForm>
  );

  return {
    /** Spread into the ListTable. */
    tableProps: {
      rowSelection: {
        selectedRowKeys: selected.map((item) => item.id),
        onChange: (_: unknown, picked: Item[]) => setSelected(picked.filter(Boolean)),
        getCheckboxProps: (item: Item) => ({ disabled: !selectable(item), 'aria-label': `选择：${name(item)}` }),
      },
      tableAlertRender: () => `已选择 ${selected.length} 条${what}`,
      tableAlertOptionRender: buttons,
    },
    /** The width the selection column adds, for useFitColumns. */
    columnWidth: 32,
    modals,
  };
}

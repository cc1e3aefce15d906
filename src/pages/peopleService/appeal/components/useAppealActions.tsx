import { App } from 'antd';
import { useState } from 'react';
import { APPEAL_IMAGES_MAX } from '@common/constants';
import type { AppealItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { acceptAppeal, closeAppeal, rejectAppeal, replyAppeal } from '@/services/appeals';
import { markNoticesStale } from '@/services/notices';
import { ReplyPhotosField, replyPhotoIds } from '../../components/ReplyPhotos';
import TextActionModal from '../../components/TextActionModal';
import CallbackModal from './CallbackModal';

export type AppealRef = Pick<
  AppealItem,
  'id' | 'title' | 'status' | 'submitterName' | 'phone' | 'satisfaction' | 'calledBackAt' | 'callbackAttempts'
>;

export interface AppealActionApi {
  accept: (appeal: AppealRef) => void;
  reply: (appeal: AppealRef) => void;
  close: (appeal: AppealRef) => void;
  reject: (appeal: AppealRef) => void;
  /** 回访: on an answered appeal nobody has rated (common/workflow.ts `callbackAllowed`). */
  callback: (appeal: AppealRef) => void;
}

/**
 * 受理, 答复, 办结, 不予受理 and 回访 for the list and the drawer alike. Each asks first (or collects its
 * text), says what happened, and then `onChanged` reloads whatever shows the appeal. A refusal
 * (409: someone else moved it first) shows the server's reason and reloads too.
 */
export function useAppealActions(onChanged: () => void) {
  const { modal, message } = App.useApp();
  const [replying, setReplying] = useState<AppealRef>();
  const [rejecting, setRejecting] = useState<AppealRef>();
  const [callingBack, setCallingBack] = useState<AppealRef>();

  const changed = () => {
    onChanged();
    markNoticesStale();
  };

  const confirmThen = (options: { title: string; content: string; okText: string; done: string; call: () => Promise<unknown> }) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: '取消',
      onOk: async () => {
        try {
          await options.call();
          message.success(options.done);
        } catch {
          // The request layer already showed the server's reason (e.g. someone else acted first).
        }
        changed();
      },
    });

  const api: AppealActionApi = {
    accept: (appeal) =>
      confirmThen({
        title: `受理「${appeal.title}」？`,
        content: '受理后由你负责办理，请在办理时限内答复群众。',
        okText: '受理',
        done: `已受理：${appeal.title}`,
        call: () => acceptAppeal(appeal.id),
      }),
    close: (appeal) =>
      confirmThen({
        title: `办结「${appeal.title}」？`,
        content: '办结后该诉求办理结束，不能再答复。群众已评价的诉求会自动办结。',
        okText: '办结',
        done: `已办结：${appeal.title}`,
        call: () => closeAppeal(appeal.id),
      }),
    reply: setReplying,
    reject: setRejecting,
    callback: setCallingBack,
  };

  const modals = (
    <>
      {/* Mounted per opening, so its form starts from 已接通 with nothing filled in. */}
      {callingBack ? <CallbackModal appeal={callingBack} onClose={() => setCallingBack(undefined)} onChanged={changed} /> : null}
      <TextActionModal
        open={!!replying}
        title="答复诉求"
        description={
          replying ? `答复 ${replying.submitterName} 的诉求「${replying.title}」。答复后群众会在手机上看到，并可以评价满意度。` : undefined
        }
        label="答复内容"
        placeholder="请写明办理情况和结果，例如：已联系电工，明天上午更换路灯灯泡并检查线路。"
        maxLength={LIMITS.appealReply}
        okText="答复"
        extra={<ReplyPhotosField label="答复照片（选填）" max={APPEAL_IMAGES_MAX} />}
        submit={(reply, values) => replyAppeal(replying!.id, { reply, imageIds: replyPhotoIds(values) }, { skipErrorHandler: true })}
        onClose={() => setReplying(undefined)}
        onDone={() => {
          message.success(`已答复：${replying?.title}`);
          setReplying(undefined);
          changed();
        }}
        onStale={() => {
          setReplying(undefined);
          changed();
        }}
      />
      <TextActionModal
        open={!!rejecting}
        title="不予受理"
        description={
          rejecting ? `诉求「${rejecting.title}」将不予受理，原因会告知 ${rejecting.submitterName}，此操作不能撤销。` : undefined
        }
        label="不予受理原因"
        placeholder="请说明原因，例如：该事项属于法院管辖范围，建议通过诉讼途径解决。"
        maxLength={LIMITS.refusalReason}
        okText="不予受理"
        danger
        submit={(reason) => rejectAppeal(rejecting!.id, { reason }, { skipErrorHandler: true })}
        onClose={() => setRejecting(undefined)}
        onDone={() => {
          message.success(`已不予受理：${rejecting?.title}`);
          setRejecting(undefined);
          changed();
        }}
        onStale={() => {
          setRejecting(undefined);
          changed();
        }}
      />
    </>
  );

  return { api, modals };
}

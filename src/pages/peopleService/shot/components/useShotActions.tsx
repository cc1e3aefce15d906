import { App } from 'antd';
import { useState } from 'react';
import { PHOTO_REPORT_IMAGES_MAX } from '@common/constants';
import type { PhotoReportItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { markNoticesStale } from '@/services/notices';
import { approvePhotoReport, handlePhotoReport, invalidatePhotoReport, returnPhotoReport } from '@/services/photoReports';
import { ReplyPhotosField, replyPhotoIds } from '../../components/ReplyPhotos';
import TextActionModal from '../../components/TextActionModal';

export type ShotRef = Pick<PhotoReportItem, 'id' | 'excerpt' | 'status' | 'submitterName' | 'dispatchedAreaName'>;

export interface ShotActionApi {
  handle: (report: ShotRef) => void;
  invalidate: (report: ShotRef) => void;
  /** The centre's review of a village's answer (ADR 0064). */
  approve: (report: ShotRef) => void;
  sendBack: (report: ShotRef) => void;
}

/** A report as messages name it: its description's start (a report has no title). */
export const shotName = (report: Pick<ShotRef, 'excerpt'>) =>
  report.excerpt.length > 20 ? `${report.excerpt.slice(0, 20)}…` : report.excerpt;

/**
 * 处理 (a result, optional result photos), 标为无效 (a reason), and the review of a village's answer:
 * 通过 (after a confirmation) and 退回 (a reason), for the list and the drawer alike. Each says what
 * happened, then `onChanged` reloads whatever shows the report and the bell is told. A refusal (409:
 * someone else dealt with it first) shows the server's reason and reloads too.
 */
export function useShotActions(onChanged: () => void) {
  const { message, modal } = App.useApp();
  const [handling, setHandling] = useState<ShotRef>();
  const [invalidating, setInvalidating] = useState<ShotRef>();
  const [returning, setReturning] = useState<ShotRef>();

  const changed = () => {
    onChanged();
    markNoticesStale();
  };

  const approve = (report: ShotRef) =>
    modal.confirm({
      title: `通过${report.dispatchedAreaName ?? '村里'}的处置？`,
      content: `「${shotName(report)}」将办结，村里的处置情况和照片作为处理结果告知 ${report.submitterName}。`,
      okText: '审核通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          await approvePhotoReport(report.id, {});
          message.success(`已审核通过：${shotName(report)}`);
        } catch {
          // The request layer showed the server's reason (e.g. someone else reviewed it first).
        }
        changed();
      },
    });

  const api: ShotActionApi = { handle: setHandling, invalidate: setInvalidating, approve, sendBack: setReturning };

  /** The text dialog of one step: it closes and reloads when done or when the report moved meanwhile. */
  const dialog = (shown: ShotRef | undefined, close: () => void, done: (report: ShotRef) => string) => ({
    open: !!shown,
    onClose: close,
    onDone: () => {
      message.success(done(shown!));
      close();
      changed();
    },
    onStale: () => {
      close();
      changed();
    },
  });

  const modals = (
    <>
      <TextActionModal
        {...dialog(
          handling,
          () => setHandling(undefined),
          (r) => `已处理：${shotName(r)}`,
        )}
        title="处理随手拍"
        description={
          handling ? `处理 ${handling.submitterName} 反映的「${shotName(handling)}」。处理结果和照片会在手机上告诉群众。` : undefined
        }
        label="处理结果"
        placeholder="请写明怎么处理的，例如：已通知自来水公司抢修，水管已更换，路面结冰已清除。"
        maxLength={LIMITS.reportResult}
        okText="处理完成"
        extra={<ReplyPhotosField label="处理后照片（选填）" max={PHOTO_REPORT_IMAGES_MAX} />}
        submit={(result, values) =>
          handlePhotoReport(handling!.id, { result, imageIds: replyPhotoIds(values) }, { skipErrorHandler: true })
        }
      />
      <TextActionModal
        {...dialog(
          invalidating,
          () => setInvalidating(undefined),
          (r) => `已标为无效：${shotName(r)}`,
        )}
        title="标为无效"
        description={
          invalidating ? `「${shotName(invalidating)}」将标为无效，原因会告知 ${invalidating.submitterName}，此操作不能撤销。` : undefined
        }
        label="无效原因"
        placeholder="请说明原因，例如：照片与描述均未反映具体问题，如有问题请重新拍摄并说明。"
        maxLength={LIMITS.refusalReason}
        okText="标为无效"
        danger
        submit={(reason) => invalidatePhotoReport(invalidating!.id, { reason }, { skipErrorHandler: true })}
      />
      <TextActionModal
        {...dialog(
          returning,
          () => setReturning(undefined),
          (r) => `已退回${r.dispatchedAreaName ?? '村里'}：${shotName(r)}`,
        )}
        title="退回重新处置"
        description={
          returning
            ? `「${shotName(returning)}」将退回${returning.dispatchedAreaName ?? '村里'}重新处置，村干部会在手机上收到退回原因。`
            : undefined
        }
        label="退回原因"
        placeholder="请写明哪里不到位，例如：照片只拍了近景，请补拍整段河道的全景。"
        maxLength={LIMITS.refusalReason}
        okText="退回"
        danger
        submit={(reason) => returnPhotoReport(returning!.id, { reason }, { skipErrorHandler: true })}
      />
    </>
  );

  return { api, modals };
}

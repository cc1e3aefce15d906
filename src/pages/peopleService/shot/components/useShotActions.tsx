import { App, Form } from 'antd';
import { useState } from 'react';
import { PHOTO_REPORT_IMAGES_MAX } from '@common/constants';
import type { PhotoReportItem } from '@common/contracts/people';
import type { ImageRef } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import ImageGallery from '@/components/ImageUpload/ImageGallery';
import { markNoticesStale } from '@/services/notices';
import { handlePhotoReport, invalidatePhotoReport } from '@/services/photoReports';
import TextActionModal from '../../components/TextActionModal';

export type ShotRef = Pick<PhotoReportItem, 'id' | 'excerpt' | 'status' | 'submitterName'>;

export interface ShotActionApi {
  handle: (report: ShotRef) => void;
  invalidate: (report: ShotRef) => void;
}

/** A report as messages name it: its description's start (a report has no title). */
const shotName = (report: Pick<ShotRef, 'excerpt'>) => (report.excerpt.length > 20 ? `${report.excerpt.slice(0, 20)}…` : report.excerpt);

/**
 * 处理 (a result, optional result photos) and 标为无效 (a reason) for the list and the drawer alike.
 * Each says what happened, then `onChanged` reloads whatever shows the report and the bell is told.
 * A refusal (409: someone else dealt with it first) shows the server's reason and reloads too.
 */
export function useShotActions(onChanged: () => void) {
  const { message } = App.useApp();
  const [handling, setHandling] = useState<ShotRef>();
  const [invalidating, setInvalidating] = useState<ShotRef>();

  const changed = () => {
    onChanged();
    markNoticesStale();
  };

  const api: ShotActionApi = { handle: setHandling, invalidate: setInvalidating };

  const modals = (
    <>
      <TextActionModal
        open={!!handling}
        title="处理随手拍"
        description={
          handling ? `处理 ${handling.submitterName} 反映的「${shotName(handling)}」。处理结果和照片会在手机上告诉群众。` : undefined
        }
        label="处理结果"
        placeholder="请写明怎么处理的，例如：已通知自来水公司抢修，水管已更换，路面结冰已清除。"
        maxLength={LIMITS.reportResult}
        okText="处理完成"
        extra={
          // Named as the body's field, so the server's complaints about the photos land under them.
          <Form.Item name="imageIds" label="处理后照片（选填）">
            <ImageGallery max={PHOTO_REPORT_IMAGES_MAX} />
          </Form.Item>
        }
        submit={(result, values) =>
          handlePhotoReport(
            handling!.id,
            { result, imageIds: ((values.imageIds as ImageRef[] | undefined) ?? []).map((image) => image.id) },
            { skipErrorHandler: true },
          )
        }
        onClose={() => setHandling(undefined)}
        onDone={() => {
          message.success(`已处理：${shotName(handling!)}`);
          setHandling(undefined);
          changed();
        }}
        onStale={() => {
          setHandling(undefined);
          changed();
        }}
      />
      <TextActionModal
        open={!!invalidating}
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
        onClose={() => setInvalidating(undefined)}
        onDone={() => {
          message.success(`已标为无效：${shotName(invalidating!)}`);
          setInvalidating(undefined);
          changed();
        }}
        onStale={() => {
          setInvalidating(undefined);
          changed();
        }}
      />
    </>
  );

  return { api, modals };
}

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UPLOAD_MESSAGES } from '../../common/constants';
import { UploadResult } from '../../common/contracts/system';
import { AppError, badRequest } from '../errors';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { AccountBusyError, QueueFullError } from '../jobs/decodeQueue';
import { type Decoded, isRefusal, precheckUpload, type Refusal } from '../jobs/decodeJob';
import { readPhotoFacts } from '../lib/exif';
import { declaredAsImage, IMAGE_TYPES, MAX_INPUT_PIXELS, sniffImage, unsafeFileName } from '../lib/images';
import { uploadUrl } from '../lib/storage';
import { signatureValidFor } from '../services/uploads/uploadAccess';
import { bytesStoredToday, pendingOriginalName, recordUploadWithinQuota, uploadVisibility } from '../services/uploads/uploads';

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.values(IMAGE_TYPES).map(({ ext, contentType }) => [ext, contentType]),
);

/** "10MB", "1KB": a byte limit as the messages name it. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))}MB` : `${Math.max(1, Math.floor(bytes / 1024))}KB`;

/** The 400 for a picture the checks refuse, naming what is wrong with it. */
function refused(refusal: Refusal): AppError {
  switch (refusal.reason) {
    case 'broken':
      return badRequest('file', '图片', '图片已损坏或格式与内容不符');
    case 'tooManyPixels':
      return badRequest(
        'file',
        '图片',
        `图片像素过多（${refusal.width}×${refusal.height}），请缩小到${MAX_INPUT_PIXELS / 10_000}万像素以内再上传`,
      );
    case 'trailingData':
      return badRequest('file', '图片', '图片文件末尾附带了其他内容，请重新导出图片后上传');
    case 'embeddedMarkup':
      return badRequest('file', '图片', '图片中夹带了网页或脚本代码，请重新导出图片后上传');
  }
}

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage, config } = app;
  const limitText = sizeText(config.uploadMaxBytes);
  const decodes = app.imageDecodes;
  const quotaExceeded = () => new AppError(429, `24小时内上传的图片已达上限（${sizeText(config.uploadDailyBytes)}），请稍后再试`);
  const storedToday = (ownerId: number) => bytesStoredToday(db, ownerId);

  app.post(
    '/uploads',
    {
      config: { access: 'signedIn', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['uploads'],
        summary: '上传一张图片（multipart，字段名 file）',
        consumes: ['multipart/form-data'],
        response: replies(UploadResult),
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw badRequest('file', '图片', '请以表单方式上传图片');
      let content: Buffer;
      let filename: string;
      let mimetype: string;
      try {
        const file = await request.file({ limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5 } });
        if (!file) throw badRequest('file', '图片', UPLOAD_MESSAGES.noFile);
        filename = file.filename;
        mimetype = file.mimetype;
        content = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, `图片不能超过${limitText}`);
        }
        // The multipart parser's own errors (no boundary, truncated body) are the sender's fault.
        if (!(error as { statusCode?: number }).statusCode) throw badRequest('file', '图片', '上传内容不完整或格式不正确');
        throw error;
      }
      if (!content.length) throw badRequest('file', '图片', UPLOAD_MESSAGES.emptyFile);
      if (unsafeFileName(filename || '')) throw badRequest('file', '图片', '文件名不能包含路径或控制字符，请重命名后再上传');
      const notAnImage = () => badRequest('file', '图片', '只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
      // A page, a script or an SVG declared as such is refused whatever its bytes are.
      if (!declaredAsImage(filename || '', mimetype || '')) throw notAnImage();
      const kind = sniffImage(content);
      if (!kind) throw notAnImage();
      const used = await storedToday(user.id);
      if (used >= config.uploadDailyBytes) throw quotaExceeded();
      const { ext, contentType } = IMAGE_TYPES[kind];
      const storedName = `${randomUUID()}.${ext}`;
      // The name is checked above and never used as a path: the stored name is generated.
      const originalName = (filename || '').slice(0, 200);
      let decoded: Decoded | Refusal;
      try {
        // Every decode of an upload takes its turn in the fair queue, on a worker thread (ADR 0058).
        decoded = await decodes.run(user.id, () => app.decodeWorkers.decode(content, kind));
      } catch (error) {
        if (!(error instanceof AccountBusyError) && !(error instanceof QueueFullError)) throw error;
        // Every worker is busy and the line is full, or this account has a photo in it already (one
        // waiting decode per account, ADR 0041): the photo waits in the database instead of in front
        // of everyone else's, and the phone's upload succeeds.
        const header = await precheckUpload(content, kind);
        if (isRefusal(header)) throw refused(header);
        const facts = readPhotoFacts(header.exif);
        await storage.put(pendingOriginalName(storedName), content);
        const id = await recordUploadWithinQuota(
          db,
          {
            storedName,
            originalName,
            ownerId: user.id,
            contentType,
            // Counted at the original's size until the stored copy's is known.
            size: content.length,
            takenAt: facts.takenAt,
            gpsLat: facts.lat,
            gpsLng: facts.lng,
            decodeStatus: 'pending',
          },
          config.uploadDailyBytes,
        );
        if (id === undefined) {
          await storage.remove(pendingOriginalName(storedName)).catch(() => undefined);
          throw quotaExceeded();
        }
        app.pendingDecodes.kick();
        request.createdId = String(id);
        return ok({ id, url: uploadUrl(storedName), width: null, height: null, size: content.length, status: 'pending' as const });
      }
      if (isRefusal(decoded)) throw refused(decoded);
      const { header, content: stored, width, height, phash } = decoded;
      if (used + stored.length > config.uploadDailyBytes) throw quotaExceeded();
      await storage.put(storedName, stored);
      const facts = readPhotoFacts(header.exif);
      const size = stored.length;
      const id = await recordUploadWithinQuota(
        db,
        {
          storedName,
          originalName,
          ownerId: user.id,
          contentType,
          size,
          width,
          height,
          takenAt: facts.takenAt,
          gpsLat: facts.lat,
          gpsLng: facts.lng,
          phash: phash ?? null,
        },
        config.uploadDailyBytes,
      );
      if (id === undefined) {
        // Other uploads of this account, sent at the same time, filled the quota first.
        await storage.remove(storedName).catch(() => undefined);
        throw quotaExceeded();
      }
      request.createdId = String(id);
      return ok({ id, url: uploadUrl(storedName), width, height, size });
    },
  );

  app.get(
    '/uploads/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['uploads'],
        summary: '读取上传的图片（诉求、随手拍、任务上报的照片须带签名地址）',
        params: Type.Object({ name: Type.String({ title: '文件名', maxLength: 64 }) }),
        querystring: Type.Object({
          exp: Type.Optional(Type.Integer({ title: '有效期' })),
          sig: Type.Optional(Type.String({ title: '签名', maxLength: 64 })),
        }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!STORED_NAME.test(name)) throw new AppError(404, '文件不存在');
      const visibility = await uploadVisibility(db, name);
      if (!visibility) throw new AppError(404, '文件不存在');
      let cacheControl: string;
      if (visibility === 'private') {
        // Only the answers that show the record hand out this signature (ADR 0019).
        const seconds = signatureValidFor(name, request.query.exp, request.query.sig);
        if (!seconds) throw new AppError(403, '图片链接已过期或无权查看，请刷新页面后重试');
        cacheControl = `private, max-age=${seconds}`;
      } else if (visibility === 'public') {
        cacheControl = 'public, max-age=31536000, immutable';
      } else {
        // Not used by any record yet: it may still become private, so no shared cache keeps it.
        cacheControl = 'private, max-age=86400';
      }
      const stream = await storage.get(name);
      if (!stream) throw new AppError(404, '文件不存在');
      return (
        reply
          .type(CONTENT_TYPES[name.split('.').pop() as string])
          .header('x-content-type-options', 'nosniff')
          // Opened directly, the file is a picture and nothing else: no scripts, no plugins, no frames.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('content-disposition', 'inline')
          .header('cache-control', cacheControl)
          .send(stream)
      );
    },
  );
};

export default uploadRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CalendarYearParams, SaveYearCalendarBody, YearCalendar } from '../../common/contracts/calendar';
import { ok, replies } from '../http';
import { readYearCalendar, restoreBuiltinYear, saveYearCalendar } from '../services/system/workCalendar';

/** 系统设置 › 节假日安排 (admin): the days appeal due times skip or count (ADR 0017). */
const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ['settings'];

  app.get(
    '/calendar/:year',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '某年的节假日安排（放假日与调休上班日）', params: CalendarYearParams, response: replies(YearCalendar) },
    },
    async (request) => ok(await readYearCalendar(db, request.params.year)),
  );

  app.put(
    '/calendar/:year',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: '保存某年的节假日安排（整年替换）',
        params: CalendarYearParams,
        body: SaveYearCalendarBody,
        response: replies(YearCalendar),
      },
    },
    async (request) => ok(await saveYearCalendar(db, request.params.year, request.body.days)),
  );

  app.post(
    '/calendar/:year/restore',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '恢复某年的内置节假日安排', params: CalendarYearParams, response: replies(YearCalendar) },
    },
    async (request) => ok(await restoreBuiltinYear(db, request.params.year)),
  );
};

export default calendarRoutes;

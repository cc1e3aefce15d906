import { Type, type Static } from '@sinclair/typebox';

// GET /api/health: for the county's monitoring (docs/deploy.md 'Monitoring').

const Check = Type.Object({ ok: Type.Boolean(), ms: Type.Integer() });

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('fail')]),
  database: Check,
  migrations: Type.Object({
    ok: Type.Boolean(),
    /** Migrations applied to the database. */
    applied: Type.Integer(),
    /** Migrations this release ships. */
    expected: Type.Integer(),
    latest: Type.String(),
  }),
  storage: Check,
  uptimeSeconds: Type.Integer(),
});
export type Health = Static<typeof Health>;

/** 503's body: what failed, in words, and the same checks. */
export const Unhealthy = Type.Object({ code: Type.Literal(503), message: Type.String(), data: Health });

// The venue's recorders: the back-office's cameras and recorders, and the recorder's own calls
// under /api/recorder/ (bearer token). Thin handlers over service.ts, states.ts, setup.ts, marks.ts.
import { endpoints, RECORDER_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { auditRoute } from '../audit/record.ts';
import { currentAdmin, currentRecorder } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { MarkSignal } from './mark-signal.ts';
import { recordMarkStates, waitForMarks } from './marks.ts';
import { createRecorder, listRecorders, removeRecorder, setFieldCamera } from './service.ts';
import { recorderSetup } from './setup.ts';
import { reportStatus, statusLimit } from './status-rules.ts';

export function recorderRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const reports = statusLimit();
  route(app, endpoints.setFieldCamera).handle(async (c, { params, body }) => {
    const { field, before } = await setFieldCamera(c.var.deps, currentAdmin(c), params.id, body);
    await auditRoute(c, {
      action: 'field.camera',
      entity: 'field',
      entityId: field.id,
      venueId: field.venueId,
      before: { camera: before?.url ?? null, subStream: before?.subUrl ?? null },
      after: { camera: field.camera?.url ?? null, subStream: field.camera?.subUrl ?? null },
    });
    c.var.log.info(
      { fieldId: field.id, camera: field.camera?.url ?? null, subStream: field.camera?.subUrl ?? null },
      'court camera changed',
    );
    const message = field.camera ? RECORDER_MESSAGES.cameraSaved : RECORDER_MESSAGES.cameraRemoved;
    return { status: 200, body: { message, field } };
  });
  route(app, endpoints.createRecorder).handle(async (c, { body }) => {
    const recorder = await createRecorder(c.var.deps, currentAdmin(c), body);
    await auditRoute(c, {
      action: 'recorder.create',
      entity: 'recorder',
      entityId: recorder.id,
      venueId: recorder.venueId,
      after: { name: recorder.name, venueId: recorder.venueId },
    });
    return { status: 201, body: recorder };
  });
  route(app, endpoints.listRecorders).handle(async (c) => ({
    status: 200,
    body: { recorders: await listRecorders(c.var.deps, currentAdmin(c)) },
  }));
  route(app, endpoints.deleteRecorder).handle(async (c, { params }) => {
    const recorder = await removeRecorder(c.var.deps, currentAdmin(c), params.id);
    await auditRoute(c, {
      action: 'recorder.delete',
      entity: 'recorder',
      entityId: recorder.id,
      venueId: recorder.venueId,
      before: { name: recorder.name, venueId: recorder.venueId },
    });
    return { status: 200, body: { message: RECORDER_MESSAGES.removed } };
  });

  route(app, endpoints.recorderSetup).handle(async (c) => ({
    status: 200,
    body: await recorderSetup(c.var.deps.db, currentRecorder(c)),
  }));
  route(app, endpoints.recorderStatus).handle(async (c, { body }) => {
    await reportStatus(c.var.deps, reports, currentRecorder(c), body);
    return { status: 200, body: { ok: true } };
  });
  route(app, endpoints.recorderMarks).handle(async (c, { query }) => {
    const signal = c.var.deps.marks ?? new MarkSignal();
    const after = query.after === undefined ? undefined : Number(query.after);
    return { status: 200, body: await waitForMarks(c.var.deps, signal, currentRecorder(c), after, c.req.raw.signal) };
  });
  route(app, endpoints.recorderMarkStates).handle(async (c, { body }) => {
    await recordMarkStates(c.var.deps, currentRecorder(c), body);
    return { status: 200, body: { ok: true } };
  });
  return app;
}
